// Record hooks of the collections every registration writes, in Go:
//   - attendees: every confirmed row gets its ticket code, and a row that
//     gives an account a seat at an event whose portal has unlocked touches
//     that event's materials;
//   - emails: nothing is queued to a placeholder address a deletion left.
//
// They ran as JS record hooks (tickets.pb.js, visibility.pb.js,
// account-data.pb.js). A JS record hook takes a pooled JS runtime of its own
// for every row saved, on top of the runtime of the route saving it; here
// they cost a few map lookups (bench/README.md "Where a registration's time
// goes").
package main

import (
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

// The ticket code: 26 symbols of a 32-symbol alphabet without the look-alikes
// 0/o and 1/l (130 random bits). The same format as pb_hooks/lib/tickets/ticket.js
// and src/lib/ticket.ts; the server tests check every code a hook gives
// against the app's own pattern.
const (
	ticketCodeAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"
	ticketCodeLength   = 26
)

func isSeated(status string) bool {
	return status == "confirmed" || status == "confirmed_observer"
}

// assignTicketCode gives a confirmed row without a code its code, whatever
// path saves it (a registration, fulfilment, a superuser's edit).
func assignTicketCode(record *core.Record) {
	if isSeated(record.GetString("registration_status")) && record.GetString("ticket_code") == "" {
		record.Set("ticket_code", security.RandomStringWithAlphabet(ticketCodeLength, ticketCodeAlphabet))
	}
}

// seatOf: the event id when the row gives its account a seat there, else "".
func seatOf(record *core.Record) string {
	if record == nil || record.GetString("user") == "" || !isSeated(record.GetString("registration_status")) {
		return ""
	}
	return record.GetString("event")
}

// touchUnlockedMaterials: when a save gives an account a seat it did not
// have, at an event whose portal has unlocked, that event's materials are
// saved unchanged, so realtime announces them to the account's devices (the
// sync triggers move their sync_seq in any case: pb_migrations/1750002800).
func touchUnlockedMaterials(app core.App, before, after string) error {
	if after == "" || after == before {
		return nil
	}
	event, err := app.FindRecordById("events", after)
	if err != nil {
		return err
	}
	unlock := event.GetDateTime("portal_unlock_at")
	if unlock.IsZero() || unlock.Time().After(time.Now()) {
		return nil
	}
	materials, err := app.FindAllRecords("materials", dbx.HashExp{"event": after})
	if err != nil {
		return err
	}
	for _, material := range materials {
		if err := app.Save(material); err != nil {
			return err
		}
	}
	return nil
}

func registerRecordHooks(app core.App) {
	app.OnRecordCreate("attendees").BindFunc(func(e *core.RecordEvent) error {
		assignTicketCode(e.Record)
		if err := e.Next(); err != nil {
			return err
		}
		return touchUnlockedMaterials(e.App, "", seatOf(e.Record))
	})
	app.OnRecordUpdate("attendees").BindFunc(func(e *core.RecordEvent) error {
		assignTicketCode(e.Record)
		before := seatOf(e.Record.Original())
		if err := e.Next(); err != nil {
			return err
		}
		return touchUnlockedMaterials(e.App, before, seatOf(e.Record))
	})
	// A deletion leaves addresses such as deleted-attendee-{id}@deleted.invalid
	// (pb_hooks/lib/accounts/anonymise.js PLACEHOLDER_DOMAIN): an invitation,
	// early access or a retried confirmation to one is refused before it is stored.
	app.OnRecordCreate("emails").BindFunc(func(e *core.RecordEvent) error {
		if isPlaceholderAddress(e.Record.GetString("to")) {
			return apis.NewBadRequestError(placeholderRefusal, nil)
		}
		return e.Next()
	})
}

const placeholderRefusal = "This person's details were deleted: nothing can be sent to them."

func isPlaceholderAddress(address string) bool {
	return strings.HasSuffix(strings.ToLower(strings.TrimSpace(address)), "@deleted.invalid")
}
