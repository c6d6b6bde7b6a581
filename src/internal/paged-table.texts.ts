import { errorTexts } from './status.texts.js';

/** The texts both operator tables show, in English; each table's texts take these and add its own. */
export const pagedTableTexts = {
  /** Accessible name of the table. */
  tableLabel: 'Members',
  /** Header of the name column. */
  nameLabel: 'Name',
  /** Header of the email column. */
  emailLabel: 'Email',
  /** Header of the created column. */
  createdLabel: 'Created',
  /** Header of the updated column. */
  updatedLabel: 'Updated',
  /** Header of the id column. */
  idLabel: 'ID',
  /**
   * Accessible name of the paging controls; `{table}` is the table's name, so that two tables on a page have pagers
   * of two names.
   */
  pagesLabel: 'Pages of {table}',
  /** The button to the first page. */
  firstPageLabel: 'First',
  /** The button to the previous page. */
  previousPageLabel: 'Previous',
  /** The button to the next page. */
  nextPageLabel: 'Next',
  /** The button to the last page. */
  lastPageLabel: 'Last',
  /** Label of the page size choice. */
  pageSizeLabel: 'Rows per page',
  /** The pager's status line; `{from}`, `{to}` and `{total}` are replaced. */
  pageStatusText: 'Showing {from}–{to} of {total}',
  /** A `page` past the end of the list; `{page}` is it and `{count}` the number of pages. */
  noPageText: {
    one: 'There is no page {page}: the list has {count} page.',
    other: 'There is no page {page}: the list has {count} pages.',
  },
  /** Shown while a page (or the add panel's list) loads. */
  loadingText: 'Loading…',
  /** Shown until everything a request needs is set; also the error `not_configured`. */
  notConfiguredText: 'Waiting for the store address and an operator access token.',
  ...errorTexts,
  /** The operator's token was refused (HTTP 401). */
  unauthorizedText: 'The operator access token is missing, wrong or expired. Get a new token and try again.',
};

export type PagedTableTexts = typeof pagedTableTexts;
