// Python's readers for what the server writes (an email's parts and subject, a CSV, a calendar file
// through libical), run by Debian's Python and several documents to a process: `readAllWithPython`
// reads every document it is given in one Python start, and `batchedReader` lets tests running side
// by side (it.concurrent) share one. Debian's /usr/bin/python3, not whatever `python3` comes first on
// PATH: on this machine that is pyenv's shim, a shell script that costs about 0.8 CPU-seconds and,
// with the machine loaded, more than 10 s of waiting per start (measured) before Python even runs;
// Debian's starts in about 0.06 CPU-seconds, and its python3-gi has libical's bindings.
import { execFile } from 'node:child_process';

/** Debian's Python (SYSTEM_PYTHON overrides it). */
export const PYTHON = process.env.SYSTEM_PYTHON ?? '/usr/bin/python3';

/**
 * Runs `reader` — Python source defining `read(data: bytes)` that returns what JSON can hold — on each
 * document, all in one Python process; the answers come back in the documents' order.
 */
export function readAllWithPython<T>(reader: string, documents: Buffer[]): Promise<T[]> {
  const program = [
    reader,
    'import base64 as _base64, json as _json, sys as _sys',
    '_documents = _json.loads(_sys.stdin.buffer.read())',
    '_sys.stdout.buffer.write(_json.dumps([read(_base64.b64decode(_document)) for _document in _documents], ensure_ascii=False).encode("utf-8"))',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = execFile(PYTHON, ['-c', program], { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${PYTHON} failed: ${error.message}\n${stderr.toString('utf8')}`));
      else resolve(JSON.parse(stdout.toString('utf8')) as T[]);
    });
    child.stdin!.end(JSON.stringify(documents.map((document) => document.toString('base64'))));
  });
}

/**
 * One document at a time for the caller, read in batches: documents asked for within `windowMs` of each
 * other (tests side by side, each with its own message) go to one Python process.
 */
export function batchedReader<T>(reader: string, windowMs = 100): (document: Buffer) => Promise<T> {
  let waiting: { document: Buffer; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    const batch = waiting;
    waiting = [];
    timer = null;
    readAllWithPython<T>(reader, batch.map((entry) => entry.document)).then(
      (answers) => batch.forEach((entry, index) => entry.resolve(answers[index])),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  };
  return (document) => new Promise<T>((resolve, reject) => {
    waiting.push({ document, resolve, reject });
    timer ??= setTimeout(flush, windowMs);
  });
}

/** A message as Python's email parser (policy default) reads it. */
export interface PythonMail {
  /** The Subject decoded. */
  subject: string;
  from: string;
  /** Every leaf part: its type, charset, method and file name parameters, and its text (text parts only). */
  parts: { type: string; charset: string | null; method: string | null; filename: string | null; text: string | null }[];
  /** The defects the parser found, in any part and in the Subject. */
  defects: string[];
}

/** Python's email parser on a raw message (`read` for readAllWithPython and batchedReader). */
export const MAIL_READER = [
  'import email, email.policy',
  'def read(data):',
  '    message = email.message_from_bytes(data, policy=email.policy.default)',
  '    parts = [{"type": p.get_content_type(), "charset": p.get_param("charset"), "method": p.get_param("method"), "filename": p.get_filename(), "text": p.get_content() if p.get_content_maintype() == "text" else None} for p in message.walk() if not p.is_multipart()]',
  '    defects = [type(d).__name__ for p in message.walk() for d in p.defects] + ([type(d).__name__ for d in message["subject"].defects] if message["subject"] is not None else [])',
  '    return {"subject": str(message["subject"]), "from": str(message["from"]), "parts": parts, "defects": defects}',
].join('\n');

/** Python's csv module, strict, on a UTF-8 file after its byte order mark: the rows (`read` for readAllWithPython). */
export const CSV_READER = [
  'import csv, io',
  'def read(data):',
  '    return list(csv.reader(io.StringIO(data.decode("utf-8-sig", errors="strict"), newline=""), strict=True))',
].join('\n');
