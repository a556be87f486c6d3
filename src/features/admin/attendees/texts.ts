// The Manage Attendees screen's words: the spec's (sections 2, 4, 5 and 8) word for word,
// and the product's own where the spec is silent.
export const AttendeeAdminTexts = {
  title: 'Manage Attendees',
  exportButton: 'Export to CSV',
  /** The export button once a search or chip narrows the list: it exports exactly those. */
  exportSome: (count: number) => `Export ${count.toLocaleString('en-AU')} ${count === 1 ? 'attendee' : 'attendees'}`,
  searchLabel: 'Search attendees',
  searchPlaceholder: 'Name, email, company or ticket code',
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
  nothingToExport: 'No attendees match the search, so there is nothing to export.',
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  invitationFailed: (detail: string) => `Failed to send invitation: ${detail}`,
  addButton: 'Add attendee',
  addDialog: 'Add attendee',
  added: (name: string, placed: 'seat' | 'observer' | 'waitlist', emailWarning: boolean) => {
    const where = { seat: 'holds a seat', observer: 'attends as an observer (no seat)', waitlist: 'is on the waitlist' }[placed];
    const mail = placed === 'waitlist' ? 'the waitlist email' : 'their ticket and the account invitation';
    return `${name} was added and ${where}. ${emailWarning ? `We could not email ${mail} yet; it will be retried automatically.` : `We emailed ${mail}.`}`;
  },
  addFailed: 'Failed to add attendee',
  ticketResent: (name: string, answer: { email: { to: string; status: string } }) =>
    answer.email.status === 'queued'
      ? `The ticket email to ${answer.email.to} could not be sent yet; it will be retried automatically.`
      : answer.email.status === 'cancelled'
        ? `${name}'s registration was cancelled meanwhile, so the ticket was not sent.`
        : `${name}'s ticket was sent again to ${answer.email.to}.`,
  ticketResendFailed: 'Failed to resend the ticket',
  offerQuestion: (name: string) =>
    `Offer ${name} a seat now? They are emailed a link to claim it, and the seat is held for them until the offer ends. Seats are offered only while the masterclass is sold out and a seat is free.`,
  offerConfirm: 'Offer the seat',
  seatOffered: (name: string, until: string) => `${name} was offered a seat${until ? ` until ${until}` : ''}. We emailed them the link to claim it.`,
  offerFailed: 'Failed to offer a seat',
  fullNameRequired: 'Full name is required',
  fullNameTooShort: 'Full name must be at least 2 characters',
  emailInvalid: 'Please enter a valid email address',
} as const;

/** Page sizes and the default (spec section 9). */
export const ATTENDEE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_ATTENDEE_PAGE_SIZE = 20;
/** The search applies after a pause in typing (spec section 4). */
export const FILTER_DEBOUNCE_MS = 300;
