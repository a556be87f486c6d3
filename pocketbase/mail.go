// Mail whose HTML shows images of its own (the ticket's QR code, referenced
// as cid:<name>): PocketBase's SMTP client (mailyak) puts such images in
// multipart/mixed beside the text, where many mail programs list them as
// files and leave the picture out. A message with InlineAttachments is
// written and sent here instead, in the structure mail programs expect:
//
//	multipart/mixed
//	  multipart/alternative
//	    text/plain
//	    multipart/related (type="text/html")
//	      text/html
//	      image/png (Content-ID: <name>, Content-Disposition: inline)
//	  attachments (e.g. text/calendar with method=, Content-Disposition: attachment)
//
// over the same SMTP settings PocketBase's client uses (implicit TLS or
// STARTTLS when offered, PLAIN or LOGIN authentication, the local name).
// A message with a calendar file goes this way too, its part typed
// text/calendar; charset=utf-8; method=PUBLISH (calendarContentType), and so
// does one whose subject needs more than one encoded-word: PocketBase's client
// writes those on one line however long (a title in 4-byte characters made
// lines past RFC 5322's 998), while here each encoded-word holds whole
// characters and has a line of its own of at most 76 (encodeSubject). Every
// other message goes out through PocketBase's client unchanged. The
// hook runs after the JS hooks (pb_hooks/emails.pb.js) have let it through.
package main

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/security"
)

// How long one delivery may take, connection to QUIT.
const smtpDeadline = 2 * time.Minute

func registerRelatedMail(app core.App) {
	app.OnMailerSend().Bind(&hook.Handler[*core.MailerEvent]{
		Id:       "masterclassRelatedMail",
		Priority: 999,
		Func: func(e *core.MailerEvent) error {
			client, ok := e.Mailer.(*mailer.SMTPClient)
			if !ok || (len(e.Message.InlineAttachments) == 0 && !carriesCalendar(e.Message) && !strings.Contains(encodeSubject(e.Message.Subject), "\r\n")) {
				return e.Next()
			}
			return sendRelated(client, e.Message)
		},
	})
}

// encodeSubject is a Subject header's value (after "Subject: "): printable
// ASCII as it is, anything else as RFC 2047 Q encoded-words in UTF-8, each
// holding whole characters only (never the bytes of one character split
// between two words, RFC 2047 5), folded one word a line so that no line
// passes 76 characters (RFC 2047 2), the first counting "Subject: ".
func encodeSubject(subject string) string {
	subject = oneLine(subject)
	plain := true
	for index := 0; index < len(subject); index++ {
		if subject[index] < ' ' || subject[index] > '~' {
			plain = false
			break
		}
	}
	if plain {
		return subject
	}
	const open, close = "=?UTF-8?q?", "?="
	room := 76 - len("Subject: ") - len(open) - len(close)
	var words []string
	var word strings.Builder
	for _, character := range strings.ToValidUTF8(subject, "\uFFFD") {
		var encoded string
		switch {
		case character == ' ':
			encoded = "_"
		case character > ' ' && character <= '~' && character != '=' && character != '?' && character != '_':
			encoded = string(character)
		default:
			var bytes [utf8.UTFMax]byte
			for _, b := range bytes[:utf8.EncodeRune(bytes[:], character)] {
				encoded += fmt.Sprintf("=%02X", b)
			}
		}
		if word.Len() > 0 && word.Len()+len(encoded) > room {
			words = append(words, open+word.String()+close)
			word.Reset()
			room = 76 - len(" ") - len(open) - len(close)
		}
		word.WriteString(encoded)
	}
	if word.Len() > 0 {
		words = append(words, open+word.String()+close)
	}
	return strings.Join(words, "\r\n ")
}

// carriesCalendar: a message with a calendar file goes out here too, so
// that its part says method= (PocketBase's client names only the type).
func carriesCalendar(m *mailer.Message) bool {
	for name := range m.Attachments {
		if isCalendar(name) {
			return true
		}
	}
	return false
}

// oneLine keeps a header value on its line (no header injection).
func oneLine(value string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(value)
}

func addressList(addresses []mail.Address) string {
	list := make([]string, len(addresses))
	for i, address := range addresses {
		list[i] = address.String()
	}
	return strings.Join(list, ", ")
}

type filePart struct {
	name, contentType string
	body              []byte
}

// readFiles reads a message's files in name order, each with its detected type.
func readFiles(files map[string]io.Reader) ([]filePart, error) {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	parts := make([]filePart, 0, len(names))
	for _, name := range names {
		body, err := io.ReadAll(files[name])
		if err != nil {
			return nil, err
		}
		contentType := mimetype.Detect(body).String()
		if strings.HasPrefix(contentType, "text/") && !strings.Contains(contentType, "charset=") {
			contentType += "; charset=utf-8"
		}
		if isCalendar(name) {
			contentType = calendarContentType(body)
		}
		parts = append(parts, filePart{name: oneLine(name), contentType: contentType, body: body})
	}
	return parts, nil
}

// isCalendar: an iCalendar file, by its name (pb_hooks/lib/tickets/ics.js).
func isCalendar(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), ".ics")
}

// calendarContentType is an iCalendar file's part type, naming the file's
// METHOD (RFC 6047 2.4: text/calendar; charset=utf-8; method=PUBLISH), so
// that mail programs offer it as an event to add.
func calendarContentType(body []byte) string {
	params := map[string]string{"charset": "utf-8"}
	for _, line := range strings.Split(string(body), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(line, "BEGIN:V") && line != "BEGIN:VCALENDAR" {
			break
		}
		if strings.HasPrefix(strings.ToUpper(line), "METHOD:") {
			if method := strings.ToUpper(strings.TrimSpace(line[len("METHOD:"):])); method != "" && strings.Trim(method, "ABCDEFGHIJKLMNOPQRSTUVWXYZ-") == "" {
				params["method"] = method
			}
			break
		}
	}
	return mime.FormatMediaType("text/calendar", params)
}

// base64Lines writes data in base64, 76 characters a line.
func base64Lines(w io.Writer, data []byte) error {
	encoded := base64.StdEncoding.EncodeToString(data)
	for len(encoded) > 76 {
		if _, err := io.WriteString(w, encoded[:76]+"\r\n"); err != nil {
			return err
		}
		encoded = encoded[76:]
	}
	_, err := io.WriteString(w, encoded+"\r\n")
	return err
}

func writeText(parent *multipart.Writer, contentType, text string) error {
	part, err := parent.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {contentType + "; charset=UTF-8"},
		"Content-Transfer-Encoding": {"quoted-printable"},
	})
	if err != nil {
		return err
	}
	encoder := quotedprintable.NewWriter(part)
	if _, err := io.WriteString(encoder, text); err != nil {
		return err
	}
	return encoder.Close()
}

func writeFile(parent *multipart.Writer, file filePart, inline bool) error {
	disposition := "attachment"
	contentType := file.contentType
	if kind, params, err := mime.ParseMediaType(contentType); err == nil {
		params["name"] = file.name
		contentType = mime.FormatMediaType(kind, params)
	}
	header := textproto.MIMEHeader{"Content-Type": {contentType}, "Content-Transfer-Encoding": {"base64"}}
	if inline {
		disposition = "inline"
		header.Set("Content-ID", "<"+strings.Trim(file.name, "<>")+">")
	}
	header.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": file.name}))
	part, err := parent.CreatePart(header)
	if err != nil {
		return err
	}
	return base64Lines(part, file.body)
}

// nested starts a multipart part of `kind` inside parent, or without a
// parent as the message's own body, right after its headers.
func nested(w io.Writer, parent *multipart.Writer, kind string, params map[string]string) (*multipart.Writer, error) {
	if parent == nil {
		child := multipart.NewWriter(w)
		params["boundary"] = child.Boundary()
		_, err := fmt.Fprintf(w, "Content-Type: %s\r\n\r\n", mime.FormatMediaType(kind, params))
		return child, err
	}
	boundary := multipart.NewWriter(io.Discard).Boundary()
	params["boundary"] = boundary
	part, err := parent.CreatePart(textproto.MIMEHeader{"Content-Type": {mime.FormatMediaType(kind, params)}})
	if err != nil {
		return nil, err
	}
	child := multipart.NewWriter(part)
	return child, child.SetBoundary(boundary)
}

// buildRelated writes the whole message: headers, then the structure above.
func buildRelated(m *mailer.Message) ([]byte, error) {
	inline, err := readFiles(m.InlineAttachments)
	if err != nil {
		return nil, err
	}
	attached, err := readFiles(m.Attachments)
	if err != nil {
		return nil, err
	}

	var out bytes.Buffer
	headers := map[string]string{}
	for key, value := range m.Headers {
		headers[textproto.CanonicalMIMEHeaderKey(oneLine(key))] = oneLine(value)
	}
	headers["From"] = m.From.String()
	headers["To"] = addressList(m.To)
	if len(m.Cc) > 0 {
		headers["Cc"] = addressList(m.Cc)
	}
	headers["Subject"] = encodeSubject(m.Subject)
	headers["Date"] = time.Now().Format(time.RFC1123Z)
	headers["MIME-Version"] = "1.0"
	if headers["Message-Id"] == "" {
		domain := m.From.Address[strings.LastIndex(m.From.Address, "@")+1:]
		headers["Message-Id"] = fmt.Sprintf("<%s@%s>", security.PseudorandomString(20), domain)
	}
	keys := make([]string, 0, len(headers))
	for key := range headers {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		// encoded-words (a display name's, Go's encoder) each on a line of their own
		fmt.Fprintf(&out, "%s: %s\r\n", key, strings.ReplaceAll(headers[key], "?= =?", "?=\r\n =?"))
	}

	var mixed *multipart.Writer
	var parent *multipart.Writer
	if len(attached) > 0 {
		if mixed, err = nested(&out, nil, "multipart/mixed", map[string]string{}); err != nil {
			return nil, err
		}
		parent = mixed
	}
	var alternative *multipart.Writer
	if m.Text != "" {
		if alternative, err = nested(&out, parent, "multipart/alternative", map[string]string{}); err != nil {
			return nil, err
		}
		if err := writeText(alternative, "text/plain", m.Text); err != nil {
			return nil, err
		}
		parent = alternative
	}
	related, err := nested(&out, parent, "multipart/related", map[string]string{"type": "text/html"})
	if err != nil {
		return nil, err
	}
	if err := writeText(related, "text/html", m.HTML); err != nil {
		return nil, err
	}
	for _, file := range inline {
		if err := writeFile(related, file, true); err != nil {
			return nil, err
		}
	}
	if err := related.Close(); err != nil {
		return nil, err
	}
	if alternative != nil {
		if err := alternative.Close(); err != nil {
			return nil, err
		}
	}
	if mixed != nil {
		for _, file := range attached {
			if err := writeFile(mixed, file, false); err != nil {
				return nil, err
			}
		}
		if err := mixed.Close(); err != nil {
			return nil, err
		}
	}
	return out.Bytes(), nil
}

// loginAuth is SMTP AUTH LOGIN (as PocketBase's client offers it for servers
// that refuse PLAIN), only over TLS or to this machine.
type loginAuth struct{ username, password string }

func (a *loginAuth) Start(server *smtp.ServerInfo) (string, []byte, error) {
	if !server.TLS && server.Name != "localhost" && server.Name != "127.0.0.1" && server.Name != "::1" {
		return "", nil, errors.New("unencrypted connection")
	}
	return "LOGIN", nil, nil
}

func (a *loginAuth) Next(fromServer []byte, more bool) ([]byte, error) {
	if more {
		switch strings.ToLower(string(fromServer)) {
		case "username:":
			return []byte(a.username), nil
		case "password:":
			return []byte(a.password), nil
		}
	}
	return nil, nil
}

func sendRelated(settings *mailer.SMTPClient, m *mailer.Message) error {
	raw, err := buildRelated(m)
	if err != nil {
		return err
	}
	address := net.JoinHostPort(settings.Host, strconv.Itoa(settings.Port))
	dialer := &net.Dialer{Timeout: 30 * time.Second}
	var conn net.Conn
	if settings.TLS {
		conn, err = tls.DialWithDialer(dialer, "tcp", address, &tls.Config{ServerName: settings.Host})
	} else {
		conn, err = dialer.Dial("tcp", address)
	}
	if err != nil {
		return err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(smtpDeadline))

	client, err := smtp.NewClient(conn, settings.Host)
	if err != nil {
		return err
	}
	defer client.Close()
	if settings.LocalName != "" {
		if err := client.Hello(settings.LocalName); err != nil {
			return err
		}
	}
	if !settings.TLS {
		if ok, _ := client.Extension("STARTTLS"); ok {
			if err := client.StartTLS(&tls.Config{ServerName: settings.Host}); err != nil {
				return err
			}
		}
	}
	if settings.Username != "" || settings.Password != "" {
		var auth smtp.Auth = smtp.PlainAuth("", settings.Username, settings.Password, settings.Host)
		if settings.AuthMethod == mailer.SMTPAuthLogin {
			auth = &loginAuth{settings.Username, settings.Password}
		}
		if err := client.Auth(auth); err != nil {
			return err
		}
	}
	if err := client.Mail(m.From.Address); err != nil {
		return err
	}
	for _, group := range [][]mail.Address{m.To, m.Cc, m.Bcc} {
		for _, recipient := range group {
			if err := client.Rcpt(recipient.Address); err != nil {
				return err
			}
		}
	}
	data, err := client.Data()
	if err != nil {
		return err
	}
	buffered := bufio.NewWriter(data)
	if _, err := buffered.Write(raw); err != nil {
		return err
	}
	if err := buffered.Flush(); err != nil {
		return err
	}
	if err := data.Close(); err != nil {
		return err
	}
	return client.Quit()
}
