// search_fold(text), an SQL function for searches that ignore accents and
// letter case in any script: the text in compatibility decomposition (NFKD:
// "ﬁ" is "fi", a full-width "Ｚ" is "Z"), without its combining marks
// (Unicode category M: accents, Arabic and Hebrew vowel signs, so "Zoë",
// "Zoe" + U+0308 and "Zoe" fold alike, and "زَيْنَب" like "زينب"), then
// case-folded ("ZOË" and "zoë" alike, "ß" as "ss"). ASCII text comes back as
// it is: SQLite's LIKE already ignores ASCII letter case. The admin attendee
// search and its CSV export compare search_fold(column) LIKE
// search_fold(pattern) (pb_hooks/lib/admin/attendee-list.js); the door's
// search folds the same way on the device (src/features/admin/check-in/searchRoster.ts).
// Registered with the SQLite driver before any connection opens.
package main

import (
	"database/sql/driver"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
	"modernc.org/sqlite"
)

func init() {
	sqlite.MustRegisterDeterministicScalarFunction("search_fold", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		switch value := args[0].(type) {
		case string:
			return searchFold(value), nil
		case []byte:
			return searchFold(string(value)), nil
		default:
			return value, nil
		}
	})
}

func isASCII(text string) bool {
	for index := 0; index < len(text); index++ {
		if text[index] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// searchFold is the text as searches compare it (see the file's comment).
func searchFold(text string) string {
	if isASCII(text) {
		return text
	}
	decomposed := norm.NFKD.String(text)
	var kept strings.Builder
	kept.Grow(len(decomposed))
	for _, character := range decomposed {
		if !unicode.Is(unicode.M, character) {
			kept.WriteRune(character)
		}
	}
	return cases.Fold().String(kept.String())
}
