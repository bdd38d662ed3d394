/**
 * The columns of a document's line table: the first (the description) takes what the others
 * leave; each other column is as wide as its widest cell (its title included), so that an amount
 * like `€1 247 067 890.00` fits on one line. When the other columns together would leave the first
 * less than `minFirst`, they shrink in proportion to their widths (their cells then wrap), so that
 * no two columns ever overlap and the table never leaves its width.
 */
export interface Column {
  x: number;
  width: number;
}

export function tableColumns(natural: readonly number[], layout: { left: number; width: number; gap: number; minFirst: number }): Column[] {
  const gaps = layout.gap * natural.length;
  const available = Math.max(0, layout.width - gaps - layout.minFirst);
  const wanted = natural.reduce((sum, width) => sum + width, 0);
  const scale = wanted > available ? available / wanted : 1;
  const widths = natural.map((width) => width * scale);
  const first = layout.width - gaps - widths.reduce((sum, width) => sum + width, 0);
  const columns: Column[] = [{ x: layout.left, width: first }];
  let x = layout.left + first;
  for (const width of widths) {
    x += layout.gap;
    columns.push({ x, width });
    x += width;
  }
  return columns;
}
