import { css } from 'lit';

export const accountPickerStyles = css`
  [part~='label'] {
    display: block;
    font-weight: 600;
    margin-bottom: calc(var(--_space) / 2);
  }
  [part~='list'] {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: calc(var(--_space) / 2);
  }
  [part~='item'] {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: calc(var(--_space) * 0.75) var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    cursor: pointer;
  }
  [part~='item']:hover {
    background: var(--_surface-alt);
  }
  .level-1 {
    margin-inline-start: calc(var(--_space) * 2);
  }
  .level-2 {
    margin-inline-start: calc(var(--_space) * 4);
  }
  .level-3 {
    margin-inline-start: calc(var(--_space) * 6);
  }
  [part~='selected'] {
    border-color: var(--_accent);
    box-shadow: inset 3px 0 0 var(--_accent);
  }
  [part~='check'] {
    width: 1em;
    color: var(--_accent);
    font-weight: 700;
  }
  [part~='name'] {
    overflow-wrap: anywhere;
  }
  [part~='empty'] {
    margin: 0;
  }
`;
