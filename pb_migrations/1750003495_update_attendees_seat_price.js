/// <reference path="../pb_data/types.d.ts" />
// Money stays with the seat (pb_hooks/lib/cancellation/seat-money.js): each
// attendee row carries its seat's price, `price_cents` (GST included; hidden
// from the records API, so neither the attendee's devices nor a door device
// read what anyone paid; the server and superusers do).
//
// Existing rows get the price by the rule every figure was reckoned by
// before: a paid order's payment (Stripe's amount when known, else its
// total; only once paid or completed) split evenly over its seats as bought
// (rows that replace none), the remainder on the one who registered (else
// the first created); an order added by hand as paid elsewhere, its amount
// split alike. A seat passed to a colleague (`replaces`) gives its price to
// the row holding it now; the row passed on keeps 0. Promo, waitlist, unpaid
// and complimentary seats keep 0. Reverting drops the field.

migrate((app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.add(new NumberField({ name: "price_cents", min: 0, onlyInt: true, hidden: true }));
  app.save(attendees);

  const orders = arrayOf(new DynamicModel({ id: "", kind: "", status: "", paid: 0, total: 0, primary_email: "" }));
  app.db().newQuery(`SELECT id, kind, status, COALESCE(paid_amount_cents, 0) AS paid, COALESCE(total_amount_cents, 0) AS total,
      COALESCE(primary_email, '') AS primary_email
    FROM registrations
    WHERE (kind = 'paid' AND status IN ('paid', 'completed')) OR kind = 'manual'`).all(orders);

  for (const order of orders) {
    const amount = order.kind === "paid" && order.paid > 0 ? order.paid : order.total;
    if (!(amount > 0)) continue;
    const rows = arrayOf(new DynamicModel({ id: "", email: "", replaces: "" }));
    app.db().newQuery("SELECT id, COALESCE(email, '') AS email, COALESCE(replaces, '') AS replaces FROM attendees WHERE registration = {:id} ORDER BY created, id")
      .bind({ id: order.id })
      .all(rows);
    const replacing = {};
    for (const row of rows) if (row.replaces) replacing[row.replaces] = row;
    const holder = (row) => {
      let current = row;
      for (let hops = 0; replacing[current.id] && hops < rows.length; hops += 1) current = replacing[current.id];
      return current;
    };
    const originals = rows.filter((row) => !row.replaces);
    if (originals.length === 0) continue;
    const primary = order.primary_email.toLowerCase();
    const first = originals.findIndex((row) => row.email.toLowerCase() === primary);
    const ordered = first <= 0 ? originals : [originals[first], ...originals.slice(0, first), ...originals.slice(first + 1)];
    const share = Math.floor(amount / ordered.length);
    ordered.forEach((original, index) => {
      const price = share + (index === 0 ? amount - share * ordered.length : 0);
      app.db().newQuery("UPDATE attendees SET price_cents = {:price} WHERE id = {:id}").bind({ price, id: holder(original).id }).execute();
    });
  }
}, (app) => {
  const attendees = app.findCollectionByNameOrId("attendees");
  attendees.fields.removeByName("price_cents");
  app.save(attendees);
});
