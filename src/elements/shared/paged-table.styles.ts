import { css } from 'lit';

/** Table, pager and form controls of the operator lists. */
export const pagedTableStyles = css`
  input,
  select {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.6) var(--_space);
  }
  [part~='table-wrapper'] {
    overflow-x: auto;
  }
  [part~='table'] {
    width: 100%;
    border-collapse: collapse;
    background: var(--_surface);
  }
  [part~='table'][aria-busy='true'] tbody {
    opacity: 0.6;
  }
  th,
  td {
    text-align: start;
    padding: calc(var(--_space) * 0.75) var(--_space);
    border-bottom: 1px solid var(--_border);
  }
  th {
    background: var(--_surface-alt);
    padding: 0;
  }
  [part~='sort-button'] {
    display: flex;
    width: 100%;
    justify-content: space-between;
    gap: var(--_space);
    border: 0;
    border-radius: 0;
    background: transparent;
    font-weight: 600;
    text-align: start;
  }
  [part~='sort-indicator'] {
    color: var(--_muted);
  }
  [part~='sort-indicator'][part~='sort-none'] {
    opacity: 0.5;
  }
  [part~='row'] {
    cursor: default;
  }
  [part~='row-button'] {
    border: 0;
    background: transparent;
    padding: 0;
    color: var(--_accent);
    text-align: start;
    text-decoration: underline;
  }
  [part~='row'][part~='selected'] {
    background: color-mix(in srgb, var(--_accent) 12%, var(--_surface));
  }
  [part~='cell-email'],
  [part~='cell-id'] {
    overflow-wrap: anywhere;
  }
  [part~='pager'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
    margin-top: var(--_space);
  }
  [part~='page-button'][aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }
  [part~='page-status'] {
    color: var(--_muted);
    min-width: 12em;
    text-align: center;
  }
  [part~='page-size-label'] {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    margin-inline-start: auto;
  }
  [part~='loading'] {
    margin-bottom: var(--_space);
    color: var(--_muted);
  }
`;
