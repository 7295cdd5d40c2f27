/**
 * The first number or date format a page makes (Intl.NumberFormat, Intl.DateTimeFormat, toLocaleString) loads the
 * browser's locale data: 10–25 ms on a desktop, four times that on a phone, paid by whichever task formats first —
 * usually the render of the page's first data, the task Lighthouse counts as blocking. Called in a task of its own
 * before that, it leaves every later format under a millisecond (docs/benchmarks.md).
 */
export function warmUpNumberFormats(): void {
  new Intl.NumberFormat('en-US').format(0);
}
