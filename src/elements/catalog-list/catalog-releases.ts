/**
 * The release panel of one catalog: what each release is, in the words of the spec's release rules
 * (full publish, overlay update, full delta), and how long releases are kept.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CatalogRelease } from '../../api/types.js';

/** The sentences of the panel; each one is an attribute of `<catalog-list>` a host can replace. */
export interface ReleaseTexts {
  fullPublish: string;
  update: string;
  fullDelta: string;
  partialDelta: string;
  retention: string;
  published: string;
  unknownDate: string;
  noReleases: string;
}

export const DEFAULT_RELEASE_TEXTS: ReleaseTexts = {
  fullPublish: 'Complete publish: this release contains the whole catalog.',
  update: 'Update: changes since the previous release, laid over the data you already hold.',
  fullDelta: 'Full refresh: replace everything you hold for this catalog with this release.',
  partialDelta: 'Incremental: keep what you hold for this catalog and apply these changes to it.',
  retention: 'Only the current release and the two before it are kept.',
  published: 'Published',
  unknownDate: 'Publication date not given',
  noReleases: 'This catalog has not been published yet.',
};

/** The two sentences that describe a release, full publish first. */
export function describeRelease(release: CatalogRelease, texts: ReleaseTexts): [string, string] {
  const attributes = release.attributes ?? ({} as Partial<CatalogRelease['attributes']>);
  return [
    attributes.is_full_publish === true ? texts.fullPublish : texts.update,
    attributes.is_full_delta === true ? texts.fullDelta : texts.partialDelta,
  ];
}

export function renderReleaseList(
  releases: readonly CatalogRelease[],
  texts: ReleaseTexts,
  formatDate: (value: string) => string,
): TemplateResult {
  if (releases.length === 0) return html`<p part="releases-empty">${texts.noReleases}</p>`;
  return html`<ol part="release-list">
    ${releases.map((release) => {
      const [publish, delta] = describeRelease(release, texts);
      const when = release.attributes?.published_at;
      return html`<li part="release" data-full-publish=${String(release.attributes?.is_full_publish === true)}
        data-full-delta=${String(release.attributes?.is_full_delta === true)}>
        <span part="release-date">${when ? html`${texts.published} <time datetime=${asUtc(when)}>${formatDate(when)}</time>` : texts.unknownDate}</span>
        <span part="release-publish">${publish}</span>
        <span part="release-delta">${delta}</span>
      </li>`;
    })}
  </ol>`;
}

/** The note under the list of releases. */
export function renderRetention(texts: ReleaseTexts): TemplateResult | typeof nothing {
  return texts.retention ? html`<p part="releases-note">${texts.retention}</p>` : nothing;
}

/** The API's catalog timestamps carry no zone; they are UTC. */
export function asUtc(value: string): string {
  return /(Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : `${value}Z`;
}
