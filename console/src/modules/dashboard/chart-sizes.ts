/** The charts' heights, shared by the charts and the places kept for them while they load (chart-slot.tsx). */

/** The money chart: its bars, axes and legend. */
export const MONEY_CHART_HEIGHT = 240;

/** The managers chart: a bar of 36 px per manager and the axis, at least 120 px. */
export const managersChartHeight = (managers: number) => Math.max(120, 36 * managers + 48);
