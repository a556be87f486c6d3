// The use case admin screen's words: the spec's (sections 2, 5 and 8) word for word.
export const UseCaseAdminTexts = {
  title: 'Manage Use Cases',
  addButton: 'Add Use Case',
  addDialog: 'Add Use Case',
  editDialog: 'Edit Use Case',
  empty: 'No use cases found',
  titleRequired: 'Title is required',
  deleteQuestion: 'Are you sure you want to delete this use case?',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} use cases`,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  created: 'AI use case created successfully!',
  updated: 'AI use case updated successfully!',
  deleted: 'AI use case deleted successfully!',
  errorTitle: 'Error',
  loadFailed: 'Failed to load AI use cases. Please try again.',
  saveFailed: 'Failed to save AI use case. Please try again.',
  deleteFailed: 'Failed to delete AI use case. Please try again.',
} as const;

/** Page sizes and the default (spec section 9). */
export const USE_CASE_PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_USE_CASE_PAGE_SIZE = 10;
/** Filters apply after a pause in typing (spec section 4). */
export const FILTER_DEBOUNCE_MS = 300;
