// Every link between README.md and the pages under docs/ reaches a file that exists and, when it names one, a
// heading of that file (anchors as GitHub writes them), so moving a section cannot leave a link behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const pages = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text of a Markdown file without its fenced code blocks and inline code. */
function prose(text) {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, (code) => (code.includes('](') ? '' : code));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, … */
export function anchorsOf(text) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

function linksOf(text) {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
}

test('anchorsOf writes anchors as GitHub does', () => {
  assert.deepEqual(
    [
      ...anchorsOf(
        "# Theming\n## The catalog list's layout\n### `<account-sign-in>`\n## Notes\n## Notes\n```\n# no\n```",
      ),
    ],
    ['theming', 'the-catalog-lists-layout', 'account-sign-in', 'notes', 'notes-1'],
  );
});

test('every relative link of README.md and docs/ reaches an existing file and heading', () => {
  const broken = [];
  for (const page of pages) {
    for (const link of linksOf(readFileSync(page, 'utf8'))) {
      if (/^[a-z]+:/i.test(link)) continue; // another site, mailto:
      const [path, anchor] = link.split('#');
      const target = path ? normalize(join(dirname(page), path)) : page;
      if (!existsSync(target)) {
        broken.push(`${page}: ${link} (no file ${target})`);
        continue;
      }
      if (anchor && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor))
        broken.push(`${page}: ${link} (no heading #${anchor} in ${target})`);
    }
  }
  assert.deepEqual(broken, []);
});

test('README links every page under docs/', () => {
  const readme = readFileSync('README.md', 'utf8');
  const unlinked = pages.filter((page) => page !== 'README.md' && !readme.includes(`](${page}`));
  assert.deepEqual(unlinked, [], 'add these pages to README.md');
});
