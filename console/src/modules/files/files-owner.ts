import type { QueryClient } from '@tanstack/react-query';

/** What every owner's file object has (docs/files.md). */
export interface ListedFile {
  id: string;
  name: string;
  size: number;
  createdAt: string;
}

/**
 * One owner of files (a job, a client, a supplier) as the files section sees it: one implementation,
 * configured per owner kind — its paths, where its files are read and refreshed, and the actions it
 * has (sharing: with a job's outsourcings, or a client's files on its jobs; suppliers have none).
 */
export interface FilesOwner<F extends ListedFile> {
  /** The section heading's id: unique in the page. */
  headingId: string;
  title: string;
  /** POST multipart (field `file`). */
  uploadUrl: string;
  /** Where the browser downloads a file: the session cookie authorises it, the answer is an attachment. */
  downloadUrl(file: F): string;
  remove(fileId: string): Promise<unknown>;
  /** Reads the owner's files again after a change. */
  refresh(queryClient: QueryClient): Promise<void>;
  sharing?: FileSharing<F>;
  /** A second sharing, with the job's client (job files: docs/files.md#sharing-with-the-client), in a column of its own. */
  clientSharing?: FileSharing<F>;
  /** Who delivered the file on the supplier portal, in words (docs/supplier-portal.md#files); undefined for the agency's own files. */
  deliveredBy?(file: F): string | undefined;
  /** A file another record holds (a group's file on its job): listed and downloaded here, changed there. */
  heldElsewhere?(file: F): { badge: string; note: string } | undefined;
}

export interface FileSharing<F> {
  /** The column's heading. */
  column: string;
  /** The switch's name for a file. */
  switchLabel(file: F): string;
  isShared(file: F): boolean;
  /** Whom the file is shared with, in words (the switch's colour is not the only signal). */
  text(file: F, shared: boolean): string;
  set(fileId: string, shared: boolean): Promise<unknown>;
}
