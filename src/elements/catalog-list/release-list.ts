/**
 * What `<catalog-list>` draws only once a shopper opens a catalog's releases: the list of them. A chunk of its own
 * (see internal/chunks.ts), fetched beside the first panel's request; a page where nobody opens a panel does not
 * load it.
 */
import { html, type TemplateResult } from 'lit';
import type { CatalogRelease } from '../../api/types.js';
import { renderDate } from '../../internal/dates.js';
import type { CatalogListTexts } from './catalog-list.texts.js';

/** The releases of a catalog, in the order the API gives them, or the sentence of a catalog without any. */
export function renderReleaseList(
  releases: CatalogRelease[],
  texts: CatalogListTexts,
  locale: string | undefined,
): TemplateResult {
  if (!releases.length) return html`<p part="releases-empty">${texts.noReleasesText}</p>`;
  return html`<ol part="release-list">
    ${releases.map(
      ({ attributes: { is_full_publish: full, is_full_delta: delta, published_at: at } }) =>
        html`<li part="release" data-full-publish=${full} data-full-delta=${delta}>
          <span part="release-date"
            >${at ? renderDate(texts.publishedLabel, at, locale) : texts.noPublishedDateText}</span
          >
          <span part="release-publish">${full ? texts.fullPublishText : texts.updatePublishText}</span>
          <span part="release-delta">${delta ? texts.fullDeltaText : texts.incrementalDeltaText}</span>
        </li>`,
    )}
  </ol>`;
}
