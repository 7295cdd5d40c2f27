/** Hands `text` to the browser as a file download named `fileName` (a CSV export, the backup codes). */
export function downloadText(fileName: string, text: string, mimeType = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
