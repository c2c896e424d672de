// Hands a file built in the browser to its download manager: the research exports and a
// submitter's own report. Knows nothing of what the file holds.

/** Saves `content` as `fileName`. The name shows in the downloads list, so keep ids out of it. */
export function downloadFile(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has started.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
