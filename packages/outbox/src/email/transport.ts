import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Mail } from 'nodemailer';
import { PermanentDeliveryError } from '../errors';
import { temporaryFileOf } from '../temporary-files';
import type { OutboxRow } from '../worker';

/** Where mail goes: an SMTP server, or the embedded mail folder. */
export interface MailTransport {
  /** For logs: `smtp://host:port` or the folder. */
  readonly description: string;
  send(message: Mail.Options, row: OutboxRow): Promise<void>;
  close(): void;
}

/**
 * The transport from the configuration: SMTP when `smtpUrl` is set (nodemailer reads the URL, with
 * timeouts well inside the outbox lease), else the mail folder.
 */
export function createMailTransport(options: {
  smtpUrl?: string | undefined;
  mailDir: string;
}): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : mailFolderTransport(options.mailDir);
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 45_000,
  });
  const shown = new URL(url);
  return {
    description: `${shown.protocol}//${shown.host}`,
    async send(message) {
      try {
        await transporter.sendMail(message);
      } catch (error) {
        // The server refused the recipients themselves (5xx on RCPT TO): sending again cannot help.
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        if (code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500) {
          throw new PermanentDeliveryError((error as Error).message);
        }
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * Writes each message as an RFC 5322 `.eml` file (CRLF line ends, as on the wire) that any mail program
 * opens. The name comes from the row (creation time, then id), so files sort by age and a retry replaces
 * its own file instead of adding one; the file appears whole or not at all (temporary file + rename).
 */
function mailFolderTransport(mailDir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    description: mailDir,
    async send(message, row) {
      const info = await transporter.sendMail(message);
      if (!Buffer.isBuffer(info.message)) throw new Error('the mail composer did not return a buffer');
      await mkdir(mailDir, { recursive: true });
      const target = path.join(mailDir, mailFileName(row));
      const temporary = temporaryFileOf(mailDir, mailFileName(row));
      try {
        await writeFile(temporary, info.message, { flush: true });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/** `20261122T123456789Z-42.eml`: creation time (UTC) and outbox id. */
export function mailFileName(row: Pick<OutboxRow, 'id' | 'createdAt'>): string {
  return `${row.createdAt.toISOString().replace(/[-:.]/g, '')}-${row.id}.eml`;
}
