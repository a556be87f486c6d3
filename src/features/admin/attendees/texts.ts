// The Manage Attendees screen's words: the spec's (sections 2, 4, 5 and 8) word for word,
// and the product's own where the spec is silent.
export const AttendeeAdminTexts = {
  title: 'Manage Attendees',
  exportButton: 'Export to CSV',
  editDialog: 'Edit Attendee',
  deleteDialog: 'Are you sure?',
  deleteQuestion: (name: string) => `This action cannot be undone. This will permanently delete the attendee record for ${name}.`,
  deletePaidQuestion: (name: string) =>
    `This action cannot be undone. ${name} paid for their seat: deleting cancels it with the refund you choose below.`,
  empty: 'No attendees found.',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} attendees`,
  errorTitle: 'Error',
  loadFailed: 'Failed to fetch attendees',
  updated: 'Attendee updated successfully',
  updateFailed: 'Failed to update attendee',
  deleted: 'Attendee deleted successfully',
  deleteFailed: 'Failed to delete attendee',
  exportFailed: 'Failed to export attendees',
  exportingTitle: 'Exporting',
  exportingMessage: 'Preparing CSV export...',
  exported: 'CSV exported successfully',
  nothingToExport: 'No attendees match the filters, so there is nothing to export.',
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  invitationFailed: (detail: string) => `Failed to send invitation: ${detail}`,
  fullNameRequired: 'Full name is required',
  fullNameTooShort: 'Full name must be at least 2 characters',
  emailInvalid: 'Please enter a valid email address',
} as const;

/** Page sizes and the default (spec section 9). */
export const ATTENDEE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_ATTENDEE_PAGE_SIZE = 20;
/** Filters apply after a pause in typing (spec section 4). */
export const FILTER_DEBOUNCE_MS = 300;
