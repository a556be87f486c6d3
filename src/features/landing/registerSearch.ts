// Search params for links into the registration page.

/** `/register?waitlist=true`: the registration page in waitlist mode. */
export const WAITLIST_SEARCH = { waitlist: true };
