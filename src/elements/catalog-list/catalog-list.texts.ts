import { errorTexts, setupErrorTexts } from '../../internal/status.texts.js';

/** Every text `<catalog-list>` shows, in English. */
export const catalogListTexts = {
  /** Accessible name of the list. */
  listLabel: 'Catalogs',
  /** Shown when the caller may view no catalog. */
  emptyText: 'No catalogs are available for this account.',
  /** Shown while the first page loads. */
  loadingText: 'Loading catalogs…',
  /** Shown under the first pages while further pages arrive. */
  loadingMoreText: 'Loading more catalogs…',
  /** Shown until `base-url` and a token source are set; also the error `not_configured`. */
  notConfiguredText: 'Waiting for the store address and a client id or access token.',
  /** Label before the catalog's owner. */
  ownerLabel: 'Owner',
  /** Label before the catalog's last update. */
  updatedLabel: 'Updated',
  /** Number of releases; `{count}` is replaced. */
  releasesCountText: { one: '{count} release', other: '{count} releases' },
  /** Text of the disclosure button (the catalog's name is added for assistive technology). */
  releasesLabel: 'Releases',
  /** Shown while a release panel loads. */
  releasesLoadingText: 'Loading releases…',
  /** What a complete publish is. */
  fullPublishText: 'Complete publish: this release contains the whole catalog.',
  /** What an update (a release that is no complete publish) is. */
  updatePublishText: 'Update: changes since the previous release, laid over the data you already hold.',
  /** What to do with a full delta. */
  fullDeltaText: 'Full refresh: replace everything you hold for this catalog with this release.',
  /** What to do with an incremental release. */
  incrementalDeltaText: 'Incremental: apply these changes to what you hold for this catalog.',
  /** Label before a release's publication date. */
  publishedLabel: 'Published',
  /** Shown for a release without a publication date. */
  noPublishedDateText: 'Publication date not given',
  /** The note under the releases (the spec keeps the current release and the two before it). */
  retentionText: 'Only the current release and the two before it are kept.',
  /** Shown in the panel of a catalog without releases. */
  noReleasesText: 'This catalog has not been published yet.',
  /** Announced politely when a load ends: how many catalogs it brought; `{count}` is replaced. */
  loadedText: { one: '{count} catalog', other: '{count} catalogs' },
  ...errorTexts,
  ...setupErrorTexts,
};

export type CatalogListTexts = typeof catalogListTexts;
