import { css } from 'lit';

// one rule a line: the text ships as written
export const catalogListStyles = css`
  /* read by screen readers, not shown: the list's announcements, and the catalog each releases button is for */
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  [part~='viewport'] {
    overflow-y: auto;
    overflow-anchor: none;
    max-height: var(--storefront-catalog-list-height, 24rem);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  [part~='list'] {
    position: relative;
  }
  .item {
    border-bottom: 1px solid var(--_border);
  }
  .detached {
    position: absolute;
    width: 100%;
  }
  [part~='item-active'],
  [part~='releases'],
  [aria-expanded='true'] {
    background: var(--_surface-alt);
  }
  .row {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    column-gap: var(--_space);
    align-items: center;
    padding: calc(var(--_space) * 0.75) var(--_space);
    overflow-wrap: anywhere;
  }
  [part~='row'],
  .custom {
    cursor: pointer;
  }
  .stamped {
    display: contents;
  }
  [part~='select'] {
    justify-self: start;
    padding: 0;
    border: 0;
    background: none;
    color: var(--_accent);
    font-weight: 600;
    text-align: start;
  }
  [part~='meta'],
  [part~='releases-note'] {
    color: var(--_muted);
    font-size: 0.875em;
  }
  [part~='meta'] > * + *::before {
    content: ' · ';
  }
  [part~='expand'] {
    grid-area: 1/2 / span 3;
  }
  .placeholder {
    height: 2.875lh;
    padding: var(--_space);
    border-radius: var(--_radius);
    background: var(--_surface-alt);
  }
  @media (width < 30em) {
    /* on a phone, descriptions and details mostly take two lines */
    .placeholder {
      height: 4.75lh;
    }
  }
  [part~='releases'] {
    padding: 0 var(--_space) var(--_space) calc(var(--_space) * 2);
  }
  [part~='release-list'] {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [part~='release'] {
    display: grid;
    padding: calc(var(--_space) * 0.5) 0;
    border-bottom: 1px solid var(--_border);
  }
  [part~='release-date'] {
    font-weight: 600;
  }
`;
