import { sha256, same, send, snapOf, type JobRec, type Ledger, type Pending, type Snap, type World } from './crash-model.js';

/**
 * After a restart: the API shows every acknowledged write with its acknowledged content, at most
 * the effect of each writer's one unanswered request on top, complete, and nothing else. Answers
 * the problems found; the ledger then adopts what the server shows (each unanswered request is
 * resolved one way or the other).
 */
export async function verifyApi(
  base: string,
  world: World,
  ledger: Ledger,
  downloadAll: boolean,
): Promise<{ problems: string[]; jobs: any[]; downloads: number; committed: number }> {
  const problems: string[] = [];
  /** Unanswered requests whose effect is there (committed before the kill). */
  let committed = 0;
  const jobs: any[] = [];
  for (let page = 1; ; page++) {
    const answer = await send(base, world.key, 'GET', `/v2/jobs?pageSize=100&page=${page}`);
    if (answer.status !== 200) throw new Error(`GET /v2/jobs: ${answer.status} ${JSON.stringify(answer.body)}`);
    jobs.push(...answer.body.items);
    if (!answer.body.hasNextPage) break;
  }
  const pendingOf = new Map<string, Pending>();
  for (const p of ledger.pending) if ('jobId' in p) pendingOf.set(p.jobId, p);
  const creates = ledger.pending.filter((p) => p.kind === 'create');
  const seen = new Set<string>();
  const toDownload: Array<{ job: string; file: string; sha: string; size: number; rec: JobRec }> = [];

  for (const job of jobs) {
    seen.add(job.id);
    const where = `job ${job.id} (${job.name})`;
    problems.push(...consistency(job).map((problem) => `${where}: ${problem}`));
    let rec = ledger.jobs.get(job.id);
    if (!rec) {
      // Only an unanswered create may show up, complete and untouched.
      const create = creates.find((p) => p.name === job.name);
      if (!create) {
        problems.push(`${where}: not acknowledged and not an unanswered create`);
        continue;
      }
      const snap = snapOf(job);
      if (job.quantity.value !== create.quantity || Object.keys(snap.notes).length + Object.keys(snap.files).length + Object.keys(snap.trackers).length > 0) {
        problems.push(`${where}: the unanswered create is not as sent: ${JSON.stringify(snap)}`);
      }
      committed += 1;
      rec = { id: job.id, writer: create.writer, snap, sha: new Map(), checked: new Set() };
      ledger.jobs.set(job.id, rec);
      continue;
    }
    const p = pendingOf.get(job.id);
    const got = snapOf(job);
    const want = rec.snap;
    if (p && seenEffect(p, got, want)) committed += 1;
    if (!same(got.fields, want.fields) && !(p?.kind === 'update' && same(got.fields, p.fields))) {
      problems.push(
        `${where}: fields ${JSON.stringify(got.fields)}, acknowledged ${JSON.stringify(want.fields)}${p?.kind === 'update' ? ` or unanswered ${JSON.stringify(p.fields)}` : ''}`,
      );
    }
    if (!same(got.price, want.price) && !(p?.kind === 'price' && same(got.price, p.price))) {
      problems.push(`${where}: price ${JSON.stringify(got.price)}, acknowledged ${JSON.stringify(want.price)}`);
    }
    // Notes: every acknowledged one with its content; one more only for an unanswered POST.
    for (const [id, content] of Object.entries(want.notes))
      if (got.notes[id] !== content) problems.push(`${where}: note ${id} is ${JSON.stringify(got.notes[id])}, acknowledged ${JSON.stringify(content)}`);
    const extraNotes = Object.keys(got.notes).filter((id) => !(id in want.notes));
    if (extraNotes.length > 0 && !(p?.kind === 'note' && extraNotes.length === 1 && got.notes[extraNotes[0]!] === `<p>${p.content}</p>`)) {
      problems.push(`${where}: unexpected notes ${JSON.stringify(extraNotes.map((id) => got.notes[id]))}`);
    }
    // Files: every acknowledged one (but an unanswered delete's), one more only for an unanswered upload.
    for (const [id, file] of Object.entries(want.files)) {
      if (!got.files[id] && !(p?.kind === 'deleteFile' && p.fileId === id)) problems.push(`${where}: acknowledged file ${id} (${file.name}) is missing`);
      else if (got.files[id] && !same(got.files[id], file))
        problems.push(`${where}: file ${id} is ${JSON.stringify(got.files[id])}, acknowledged ${JSON.stringify(file)}`);
    }
    for (const id of Object.keys(got.files).filter((id) => !(id in want.files))) {
      if (p?.kind === 'upload' && same(got.files[id], { name: p.name, size: p.size }) && !rec.sha.has(id)) rec.sha.set(id, p.sha256);
      else problems.push(`${where}: unexpected file ${JSON.stringify(got.files[id])}`);
    }
    if (p?.kind === 'deleteFile' && !got.files[p.fileId]) {
      rec.sha.delete(p.fileId);
      rec.checked.delete(p.fileId);
    }
    // Tracker entries: as acknowledged, or stopped by an unanswered stop; one more running only for an unanswered start.
    for (const [id, entry] of Object.entries(want.trackers)) {
      const stopped = p?.kind === 'stop' && p.trackerId === id && same(got.trackers[id], { running: false, duration: p.duration });
      if (!same(got.trackers[id], entry) && !stopped)
        problems.push(`${where}: tracker ${id} is ${JSON.stringify(got.trackers[id])}, acknowledged ${JSON.stringify(entry)}`);
    }
    const extraTrackers = Object.keys(got.trackers).filter((id) => !(id in want.trackers));
    if (
      extraTrackers.length > 0 &&
      !(p?.kind === 'start' && extraTrackers.length === 1 && same(got.trackers[extraTrackers[0]!], { running: true, duration: 0 }))
    ) {
      problems.push(`${where}: unexpected tracker entries ${JSON.stringify(extraTrackers.map((id) => got.trackers[id]))}`);
    }
    rec.snap = got;
    for (const [id, file] of Object.entries(got.files)) {
      const hash = rec.sha.get(id);
      if (!hash) problems.push(`${where}: no known content for file ${id}`);
      else if (downloadAll || !rec.checked.has(id)) toDownload.push({ job: job.id, file: id, sha: hash, size: file.size, rec });
    }
  }
  for (const rec of ledger.jobs.values()) if (!seen.has(rec.id)) problems.push(`acknowledged job ${rec.id} (${rec.snap.fields.name}) is missing`);

  // Downloads: the exact bytes acknowledged (or sent by an unanswered upload that shows).
  const queue = [...toDownload];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const key = `Basic ${Buffer.from(`${world.key}:`).toString('base64')}`;
      const response = await fetch(`${base}/v2/jobs/${item.job}/files/${item.file}/download`, { headers: { authorization: key } });
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200 || bytes.length !== item.size || sha256(bytes) !== item.sha) {
        problems.push(`job ${item.job}: file ${item.file} downloads ${response.status}, ${bytes.length} bytes, not the ${item.size} bytes acknowledged`);
      } else item.rec.checked.add(item.file);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  for (const p of ledger.pending) if (p.kind === 'upload' || p.kind === 'deleteFile') ledger.ambiguousBlobs += 1;
  ledger.pending = [];
  return { problems, jobs, downloads: toDownload.length, committed };
}

function seenEffect(p: Pending, got: Snap, want: Snap): boolean {
  const added = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(a).some((id) => !(id in b));
  switch (p.kind) {
    case 'update':
      return !same(got.fields, want.fields);
    case 'price':
      return !same(got.price, want.price);
    case 'note':
      return added(got.notes, want.notes);
    case 'upload':
      return added(got.files, want.files);
    case 'deleteFile':
      return !(p.fileId in got.files);
    case 'start':
      return added(got.trackers, want.trackers);
    case 'stop':
      return !same(got.trackers[p.trackerId], want.trackers[p.trackerId]);
    default:
      return false;
  }
}

/** A job is whole: its estimation matches its match lines and quantity (docs/jobs.md, price endpoint). */
function consistency(job: any): string[] {
  const problems: string[] = [];
  const lines: Array<[string, number]> = job.quantity.matches.map((m: any) => [m.id, m.value]);
  const estimated = (job.estimation?.details?.matches ?? []).map((m: any) => [m.id, m.value]);
  if (job.quantity.hasMatches) {
    if (lines.length === 0) problems.push('hasMatches without match lines');
    if (!same(lines, estimated)) problems.push(`estimation matches ${JSON.stringify(estimated)} differ from the match lines ${JSON.stringify(lines)}`);
    const sum = lines.reduce((total, [, value]) => total + value, 0);
    if (Math.abs(job.quantity.value - sum) > 1e-9) problems.push(`quantity ${job.quantity.value} is not the sum ${sum} of the match lines`);
  } else {
    // Without matches the lines are the price's entries with quantity 0, not estimated.
    if (lines.some(([, value]) => value !== 0)) problems.push(`no matches but lines with quantities ${JSON.stringify(lines)}`);
    if (estimated.length > 0) problems.push(`no matches but estimated match lines ${JSON.stringify(estimated)}`);
  }
  if (job.estimation?.details?.quantity?.value !== job.quantity.value)
    problems.push(`estimated quantity ${job.estimation?.details?.quantity?.value} differs from ${job.quantity.value}`);
  if (job.estimation?.details?.discount?.value !== job.discount)
    problems.push(`estimated discount ${job.estimation?.details?.discount?.value} differs from ${job.discount}`);
  return problems;
}
