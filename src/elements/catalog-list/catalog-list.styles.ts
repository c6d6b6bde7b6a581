import { css } from 'lit';

export const catalogListStyles = css`
  [part~='viewport'] {
    position: relative;
    overflow-y: auto;
    overscroll-behavior: contain;
    overflow-anchor: none;
    height: var(--storefront-catalog-list-height, 24rem);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    contain: strict;
  }
  [part~='list'] {
    position: relative;
    margin: 0;
    padding: 0;
  }
  .item {
    position: absolute;
    top: 0;
    left: 0;
    right: 0;
    overflow: hidden;
    contain: strict;
    border-bottom: 1px solid var(--_border);
  }
  [part~='item-active'] {
    background: var(--_surface-alt);
  }
  .row {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    column-gap: var(--_space);
    align-items: center;
    height: var(--_row-height);
    padding: calc(var(--_space) * 0.75) var(--_space);
    cursor: pointer;
  }
  [part~='select'] {
    grid-column: 1;
    justify-self: start;
    max-width: 100%;
    padding: 0;
    border: 0;
    background: none;
    color: var(--_accent);
    font-weight: 600;
    text-align: start;
  }
  [part~='name'],
  [part~='description'],
  [part~='meta'] {
    display: block;
    grid-column: 1;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  [part~='meta'] {
    color: var(--_muted);
    font-size: 0.875em;
  }
  [part~='meta'] > * + *::before {
    content: ' · ';
  }
  [part~='expand'] {
    grid-column: 2;
    grid-row: 1 / span 3;
  }
  [part~='expand'][aria-expanded='true'] {
    background: var(--_surface-alt);
  }
  .custom {
    height: var(--_row-height);
    overflow: hidden;
    cursor: pointer;
  }
  [part~='releases'] {
    overflow-y: auto;
    padding: 0 var(--_space) var(--_space) calc(var(--_space) * 2);
    background: var(--_surface-alt);
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
  [part~='releases-note'] {
    margin: calc(var(--_space) * 0.5) 0 0;
    color: var(--_muted);
    font-size: 0.875em;
  }
  [part~='releases'] [part~='error'] {
    margin-top: var(--_space);
  }
`;
