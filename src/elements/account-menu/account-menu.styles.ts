import { css } from 'lit';

export const accountMenuStyles = css`
  :host {
    display: inline-block;
    position: relative;
  }
  [part~='base'] {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    gap: calc(var(--_space) / 2);
  }
  [part~='message'] {
    margin: 0;
    color: var(--_muted);
  }
  [part~='trigger'] {
    display: inline-flex;
    flex-direction: column;
    align-items: flex-start;
    max-inline-size: min(22em, 100vw - 2 * var(--_space));
    text-align: start;
  }
  /* the header keeps one line each; the panel shows them whole */
  [part~='trigger'] > * {
    max-inline-size: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    unicode-bidi: isolate;
  }
  [part~='member'] {
    font-weight: 600;
  }
  [part~='account'],
  [part~='path'],
  [part~='count'],
  [part~='email'] {
    color: var(--_muted);
    font-size: 0.9em;
  }
  [part~='trigger'] [part~='account'] {
    color: inherit;
  }
  [part~='panel'] {
    position: absolute;
    inset-block-start: calc(100% + var(--_space) / 2);
    inset-inline-end: 0;
    z-index: var(--storefront-menu-z-index, 10);
    inline-size: min(24em, 100vw - 2 * var(--_space));
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    box-shadow: 0 0.5em 1.5em color-mix(in srgb, var(--_text) 18%, transparent);
  }
  [part~='heading'] {
    display: flex;
    flex-direction: column;
    overflow-wrap: anywhere;
  }
  [part~='search'] {
    font: inherit;
    color: inherit;
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.75);
    inline-size: 100%;
  }
  [part~='label'] {
    font-weight: 600;
  }
  [part~='list'] {
    list-style: none;
    margin: 0;
    padding: 0;
    max-block-size: min(22em, 50vh);
    overflow-y: auto;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  [part~='item'] {
    display: grid;
    grid-template-columns: 1em 1fr;
    column-gap: calc(var(--_space) / 2);
    padding: calc(var(--_space) * 0.6) var(--_space);
    cursor: pointer;
    overflow-wrap: anywhere;
  }
  [part~='item'].level-1 {
    padding-inline-start: calc(var(--_space) * 3);
  }
  [part~='item'].level-2 {
    padding-inline-start: calc(var(--_space) * 5);
  }
  /* three steps at most: a phone has little room */
  [part~='item'].level-3 {
    padding-inline-start: calc(var(--_space) * 7);
  }
  [part~='item']:hover,
  [part~='item'].active {
    background: var(--_surface-alt);
  }
  [part~='item'].active {
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }
  [part~='list']:not(:focus-within):not(.searching) [part~='item'].active {
    outline: none;
  }
  [part~='check'] {
    grid-row: span 2;
    color: var(--_accent);
    font-weight: 700;
  }
  [part~='item'] [part~='name'],
  [part~='item'] [part~='path'] {
    grid-column: 2;
    white-space: normal;
    unicode-bidi: isolate;
  }
  [part~='empty'] {
    margin: 0;
  }
  [part~='menu'] {
    align-items: stretch;
    inline-size: max-content;
    max-inline-size: min(24em, 100vw - 2 * var(--_space));
    gap: calc(var(--_space) / 2);
  }
  [part~='menu-item'] {
    text-align: start;
    border-color: transparent;
  }
  [part~='menu-item']:hover,
  [part~='menu-item']:focus-visible {
    background: var(--_surface-alt);
  }
  /* a phone: the panel is a sheet across the bottom of the screen */
  @media (max-width: 30em) {
    [part~='panel'] {
      position: fixed;
      inset: auto 0 0 0;
      inline-size: auto;
      max-inline-size: none;
      max-block-size: 85vh;
      border-radius: var(--_radius) var(--_radius) 0 0;
      overflow-y: auto;
    }
  }
`;
