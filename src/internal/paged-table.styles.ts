import { css } from 'lit';

/**
 * Table, pager, search and "Add member" panel of the two operator lists (one sheet: both ship in one bundle);
 * buttons, errors, empty texts and the spinner come from the theme. An empty announcement leaves the flow but not
 * the accessibility tree: a live region that appears together with its sentence is often not read out.
 *
 * Cells wrap only between words (headers and dates not at all), and a table wider than the element scrolls
 * sideways inside its frame: a narrow screen gets whole words ("Created", an email address) rather than columns
 * broken letter by letter.
 */
export const pagedTableStyles = css`
  input,
  select {
    font: inherit;
    color: inherit;
    background: none;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 0.3em 0.5em;
  }
  [part~='table-wrapper'] {
    overflow-x: auto;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  table {
    width: 100%;
    border-collapse: collapse;
  }
  [aria-busy='true'] tbody,
  [aria-disabled='true'] {
    opacity: 0.6;
  }
  th,
  td {
    text-align: start;
    padding: 0.4em var(--_space);
    border-bottom: 1px solid var(--_border);
  }
  th,
  time {
    white-space: nowrap;
  }
  th {
    background: var(--_surface-alt);
    padding: 0;
  }
  th button {
    display: flex;
    gap: var(--_space);
    width: 100%;
    justify-content: space-between;
    border: 0;
    background: none;
    font-weight: 600;
  }
  [part~='sort-indicator'],
  [part~='page-status'],
  [part~='loading'],
  [part~='candidate-email'] {
    color: var(--_muted);
  }
  [part~='row-button'] {
    border: 0;
    background: none;
    padding: 0;
    color: var(--_accent);
    text-decoration: underline;
    text-align: start;
  }
  [part~='selected'] {
    background: color-mix(in srgb, var(--_accent) 12%, var(--_surface));
  }
  nav,
  [part~='search'],
  [part~='actions'],
  [part~='add-actions'] {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
    margin-block: var(--_space);
  }
  nav label {
    margin-inline-start: auto;
  }
  [part~='announcement']:empty {
    position: absolute;
  }
  [part~='add-panel'] {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface-alt);
    padding: 0 var(--_space);
  }
  [part~='candidates'] {
    border: 0;
    padding: 0;
    max-height: 18em;
    overflow-y: auto;
  }
  [part~='candidate'] {
    display: block;
    padding: 0.2em 0;
  }
`;
