// Saving something the app made or fetched as a file: the browser downloads
// it through a hidden link clicked once (the attendee CSV, the account's data,
// a business case as Markdown).

/** Has the browser download `blob` as `fileName`. */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has long started by then; the blob's memory is given back.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
