// Whether this tab holds typing that is not saved: something was typed into a
// field since the page loaded or since the last form was submitted. A tab in
// that state is never reloaded on its own.

let typedSinceSubmit = false;

export function trackUnsavedInput(target: Pick<Document, 'addEventListener'>): void {
  target.addEventListener('input', () => {
    typedSinceSubmit = true;
  }, true);
  target.addEventListener('submit', () => {
    typedSinceSubmit = false;
  }, true);
  target.addEventListener('reset', () => {
    typedSinceSubmit = false;
  }, true);
}

export const hasUnsavedInput = () => typedSinceSubmit;
