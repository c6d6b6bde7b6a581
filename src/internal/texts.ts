/** Fills `{name}` placeholders of a replaceable text. */
export const fill = (text: string, values: Record<string, unknown>): string =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
