const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * "5:04:09 PM", for 'Last updated' labels: with seconds, so a refresh within the same minute visibly
 * moves it (the domain's formatTime stops at minutes, as transaction times should).
 */
export function formatClockTime(value: Date | number): string {
  return clockTime.format(value).replace(/[\u202f\u00a0]/g, ' ');
}
