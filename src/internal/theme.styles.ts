import { css } from 'lit';

/**
 * The custom properties every element reads, with their defaults. A page themes all elements at once by
 * setting them on any ancestor (they inherit through shadow roots). One rule per line: this text ships as is.
 *
 * The default colours are light-dark() pairs, resolved under the color-scheme the element inherits from the page:
 * a page that declares `light dark` gets the dark ones under a dark system setting, a page that declares nothing
 * stays light. Muted text, the alternate surface and borders are mixed from the text and surface in use, so a
 * theme (or a dark header) that sets only those two gets matching ones rather than the light defaults.
 */
export const themeStyles = css`
  :host {
    --_text: var(--storefront-color-text, light-dark(#1f2328, #e6edf3));
    --_surface: var(--storefront-color-surface, light-dark(#fff, #161b22));
    --_accent: var(--storefront-color-accent, light-dark(#0b5cad, #58a6ff));
    --_danger: var(--storefront-color-danger, light-dark(#b42318, #ff7b72));
    --_muted: var(--storefront-color-muted, color-mix(in srgb, var(--_text) 72%, var(--_surface)));
    --_surface-alt: var(--storefront-color-surface-alt, color-mix(in srgb, var(--_text) 6%, var(--_surface)));
    --_border: var(--storefront-color-border, color-mix(in srgb, var(--_text) 22%, var(--_surface)));
    --_accent-text: var(--storefront-color-accent-text, var(--_surface));
    --_focus: var(--storefront-color-focus, var(--_accent));
    --_radius: var(--storefront-radius, 6px);
    --_space: var(--storefront-space, 0.5rem);
    display: block;
    box-sizing: border-box;
    color: var(--_text);
    font-family: var(--storefront-font-family, system-ui, sans-serif);
    font-size: var(--storefront-font-size, 0.95rem);
    line-height: 1.4;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  ::before,
  ::after {
    box-sizing: inherit;
  }
  button {
    font: inherit;
    cursor: pointer;
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.75) calc(var(--_space) * 1.5);
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_text);
  }
  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-text);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  [part~='error'] {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
    align-items: center;
    color: var(--_danger);
    padding: var(--_space);
    border: 1px solid;
    border-radius: var(--_radius);
  }
  [part~='empty'] {
    color: var(--_muted);
    padding: var(--_space) 0;
  }
  [part~='spinner'] {
    display: inline-block;
    width: 1em;
    height: 1em;
    border: 2px solid var(--_border);
    border-top-color: var(--_accent);
    border-radius: 50%;
    animation: storefront-spin 0.8s linear infinite;
    vertical-align: middle;
  }
  @keyframes storefront-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    [part~='spinner'] {
      animation-duration: 3s;
    }
  }
`;
