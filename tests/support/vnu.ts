// The W3C Nu HTML Checker (the `vnu-jar` package) run on a batch of pages at once:
// it is a Java program, so one start for every page of a batch, not one per page.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { javaCommand, javaProblem, VNU_JVM_OPTIONS, vnuJarPath } from '../../scripts/lib/test-tools.mjs';

export interface VnuMessage {
  /** `error`, `info` (with subType `warning` for a warning) or `non-document-error`. */
  type: string;
  subType?: string;
  message: string;
  extract?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

export interface PageReport {
  name: string;
  messages: VnuMessage[];
}

/**
 * The `java` to run (JAVA_HOME's, else the one on PATH), checked once per process; a clear
 * message when there is none (`npm test` checks it before any test, scripts/test.mjs).
 */
let java: string | undefined;
function checkedJava(): string {
  if (java) return java;
  const problem = javaProblem();
  if (problem) throw new Error(problem);
  java = javaCommand();
  return java;
}

const vnuJar = vnuJarPath();

/** Validates each page's HTML in one run of the checker; returns every message, by page, in the order given. */
export async function validateHtml(pages: { name: string; html: string }[]): Promise<PageReport[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'masterclass-vnu-'));
  try {
    const files = pages.map((page, index) => {
      const file = path.join(dir, `page-${index}.html`);
      writeFileSync(file, page.html);
      return file;
    });
    // The checker writes its JSON report to stderr; --exit-zero-always keeps a page with errors from failing the run itself.
    // A short run: the JVM's quick compiler only and its serial collector halve its CPU (6.5 to 3.1 CPU-seconds for six
    // pages, the same report); the checker then needs a larger thread stack than the default (VNU_JVM_OPTIONS).
    const report = await new Promise<string>((resolve, reject) => {
      execFile(checkedJava(), [...VNU_JVM_OPTIONS, '-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
        if (error) reject(new Error(`The HTML validator did not run: ${error.message}\n${stderr}`));
        else resolve(stderr);
      });
    });
    const { messages } = JSON.parse(report) as { messages: (VnuMessage & { url?: string })[] };
    return pages.map((page, index) => ({
      name: page.name,
      messages: messages.filter((message) => message.url !== undefined && path.basename(new URL(message.url).pathname) === `page-${index}.html`),
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Errors (and non-document errors) only: warnings and notes may stay. */
export function errorsOf(report: PageReport): VnuMessage[] {
  return report.messages.filter((message) => message.type === 'error' || message.type === 'non-document-error');
}

/** One line per message, for a failure that says where and what. */
export function describe(report: PageReport, messages: VnuMessage[]): string[] {
  return messages.map((message) => `${report.name} line ${message.lastLine ?? '?'}: ${message.message} [${(message.extract ?? '').replace(/\s+/g, ' ').trim().slice(0, 160)}]`);
}
