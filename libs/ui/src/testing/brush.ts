/**
 * Drags a brush across the plot of `chart` (the svg) from one share of its width to another, with
 * the mouse events d3-brush listens to: a story's stand-in for a person's drag.
 */
export function brushAcrossChart(chart: Element, fromShare: number, toShare: number) {
  const overlay = chart.querySelector('.brush .overlay');
  if (!overlay) throw new Error('The chart has no brush overlay yet');
  const box = overlay.getBoundingClientRect();
  const y = box.top + box.height / 2;
  const at = (share: number) => box.left + box.width * share;
  const mouse = (type: string, x: number) => new MouseEvent(type, { bubbles: true, cancelable: true, view: window, clientX: x, clientY: y, button: 0 });
  overlay.dispatchEvent(mouse('mousedown', at(fromShare)));
  window.dispatchEvent(mouse('mousemove', at((fromShare + toShare) / 2)));
  window.dispatchEvent(mouse('mousemove', at(toShare)));
  window.dispatchEvent(mouse('mouseup', at(toShare)));
}
