/**
 * Colours as the browser computes them, and WCAG 2 contrast between a text and what is painted behind it, for
 * the theme tests. Works through shadow roots (a part's background may be its host's, or the page's).
 */
import { emulateMedia } from '@web/test-runner-commands';

/** Red, green, blue (0-255) and alpha (0-1). */
export type Rgba = [number, number, number, number];

/**
 * The default palettes as docs/theming.md documents them: four colours a scheme, and muted text, the alternate
 * surface and borders mixed from text and surface (72 %, 6 % and 22 % text).
 */
export const PALETTES = {
  light: {
    text: '#1f2328',
    surface: '#ffffff',
    accent: '#0b5cad',
    danger: '#b42318',
    muted: '#5e6164',
    surfaceAlt: '#f2f2f2',
    border: '#cecfd0',
  },
  dark: {
    text: '#e6edf3',
    surface: '#161b22',
    accent: '#58a6ff',
    danger: '#ff7b72',
    muted: '#acb2b8',
    surfaceAlt: '#22282f',
    border: '#444950',
  },
} as const;

export type Scheme = keyof typeof PALETTES;

/**
 * Parses a colour: `#rrggbb`, or a computed `rgb()`/`rgba()` or `color(srgb r g b / a)` (what `color-mix()`
 * computes to).
 */
export function parseColour(value: string): Rgba {
  if (/^#[\da-f]{6}$/i.test(value)) return [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)).concat(1) as Rgba;
  const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)$/.exec(value);
  if (srgb) {
    const [r, g, b] = srgb.slice(1, 4).map((n) => Number(n) * 255);
    return [r, g, b, srgb[4] === undefined ? 1 : Number(srgb[4])];
  }
  const rgb = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)$/.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  throw new Error(`cannot read the colour "${value}"`);
}

/** `#rrggbb` of an opaque colour, for readable assertions. */
export function hex(colour: string | Rgba): string {
  const [r, g, b] = typeof colour === 'string' ? parseColour(colour) : colour;
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `top` painted over the opaque `bottom`. */
function over([r, g, b, a]: Rgba, bottom: Rgba): Rgba {
  return [r * a + bottom[0] * (1 - a), g * a + bottom[1] * (1 - a), b * a + bottom[2] * (1 - a), 1];
}

/** The element a box sits in: its parent, or the host of the shadow root it belongs to. */
function container(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const root = el.parentNode;
  return root instanceof ShadowRoot ? root.host : null;
}

/** The page's canvas in its current colour scheme (white, or the browser's dark canvas). */
function canvas(): Rgba {
  const probe = document.createElement('div');
  document.body.append(probe);
  probe.style.backgroundColor = 'Canvas';
  const colour = parseColour(getComputedStyle(probe).backgroundColor);
  probe.remove();
  return colour;
}

/** What is painted behind `el`: the backgrounds of it and its containers, composed over the canvas. */
export function backgroundOf(el: Element): Rgba {
  const layers: Rgba[] = [];
  for (let at: Element | null = el; at; at = container(at)) {
    const layer = parseColour(getComputedStyle(at).backgroundColor);
    if (layer[3] > 0) layers.push(layer);
    if (layer[3] === 1) break;
  }
  return layers.reduceRight((below, layer) => over(layer, below), canvas());
}

/** The contrast of `el`'s text with what is painted behind it. */
export function textContrast(el: Element): number {
  return contrast(over(parseColour(getComputedStyle(el).color), backgroundOf(el)), backgroundOf(el));
}

/** A computed colour property of `el` as `#rrggbb`. */
export function colourOf(
  el: Element,
  property: 'color' | 'backgroundColor' | 'borderTopColor' | 'outlineColor' = 'color',
): string {
  return hex(getComputedStyle(el)[property]);
}

/**
 * Puts the page in a colour setting: the system's preference (`emulateMedia`) and what the page declares
 * (`color-scheme` on the root, or nothing).
 */
export async function colourSetting(system: Scheme, page: string | null): Promise<void> {
  await emulateMedia({ colorScheme: system });
  document.documentElement.style.colorScheme = page ?? '';
}

/** Back to a light system and a page that declares nothing. */
export function resetColourSetting(): Promise<void> {
  return colourSetting('light', null);
}
