// `npm run bench`: builds the app and the server, runs every benchmark and
// writes the figures to bench/results/ (JSON, plus a line in history.jsonl).
// `npm run bench -- lighthouse landing` runs only the benchmarks named
// (landing, lighthouse, offline, registrations, ratio, rush, use-case-search, sync-changes, sync-pull, sync-tabs, admin-attendees, admin-routes, check-in, restore).
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, ensureNodeModules } from '../scripts/lib/install.mjs';
import { ensureServerBinary } from '../scripts/lib/build-server.mjs';
import { root } from '../scripts/lib/paths.mjs';
import { measureLandingBundle } from './landing-bundle.mjs';
import { measureLighthouse, historyLine as lighthouseHistory } from './lighthouse.mjs';
import { measureOfflineDashboard } from './offline-dashboard.mjs';
import { measurePrecache } from './precache.mjs';
import { benchmarkRegistrations } from './registrations.mjs';
import { benchmarkRegistrationRatio } from './registration-ratio.mjs';
import { benchmarkRush, historyLine as rushHistory } from './rush.mjs';
import { benchmarkUseCaseSearch } from './use-case-search.mjs';
import { benchmarkSyncChanges } from './sync-changes.mjs';
import { benchmarkSyncPull, historyLine as syncPullHistory } from './sync-pull.mjs';
import { benchmarkSyncTabs, historyLine as syncTabsHistory } from './sync-tabs.mjs';
import { benchmarkAdminAttendees } from './admin-attendees.mjs';
import { benchmarkCheckIn, historyLine as checkInHistory } from './check-in.mjs';
import { benchmarkAdminRoutes, describe as describeAdminRoutes, historyLine as adminRoutesHistory } from './admin-routes.mjs';

const BENCHES = ['landing', 'lighthouse', 'offline', 'registrations', 'ratio', 'rush', 'use-case-search', 'sync-changes', 'sync-pull', 'sync-tabs', 'admin-attendees', 'admin-routes', 'check-in', 'restore'];
const only = new Set(process.argv.slice(2));
for (const name of only) if (!BENCHES.includes(name)) throw new Error(`Unknown benchmark ${name}: choose from ${BENCHES.join(', ')}`);
const wanted = (name) => only.size === 0 || only.has(name);

ensureNodeModules();
ensureServerBinary();
// the restore drill alone needs no app build
if (only.size === 0 || [...only].some((name) => name !== 'restore')) buildApp();

const resultsDir = path.join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const measuredAt = new Date().toISOString();
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

if (wanted('landing')) {
  const landing = await measureLandingBundle();
  writeFileSync(path.join(resultsDir, 'landing-bundle.json'), `${JSON.stringify({ measuredAt, ...landing }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify({ measuredAt, bench: 'landing-bundle', jsGzipBytes: landing.js.gzipBytes, cssGzipBytes: landing.css.gzipBytes, firstLoadRequests: landing.firstLoadRequests, afterLoadJsGzipBytes: landing.afterLoad.js.gzipBytes, afterLoadCssGzipBytes: landing.afterLoad.css.gzipBytes, coldLoadBodyBytes: landing.transfer.bodyBytes, coldLoadRequests: landing.transfer.requests })}\n`);
  console.log(`Landing route, first load (before the load event, ${landing.firstLoadRequests} requests): JS ${kb(landing.js.gzipBytes)} gzip in ${landing.js.files} files; CSS ${kb(landing.css.gzipBytes)} gzip in ${landing.css.files} files; after it: JS ${kb(landing.afterLoad.js.gzipBytes)}, CSS ${kb(landing.afterLoad.css.gzipBytes)}; cold load received ${kb(landing.transfer.bodyBytes)} in ${landing.transfer.requests} requests`);
}

if (wanted('lighthouse')) {
  const lighthouseResult = await measureLighthouse();
  writeFileSync(path.join(resultsDir, 'lighthouse.json'), `${JSON.stringify({ measuredAt, ...lighthouseResult }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify(lighthouseHistory({ measuredAt, ...lighthouseResult }))}\n`);
  const { medians } = lighthouseResult;
  console.log(`Lighthouse mobile, landing page on sale (medians of ${lighthouseResult.runs.length} runs): total blocking time ${medians.totalBlockingTimeMs} ms (${lighthouseResult.totalBlockingTimes.join(', ')}), performance ${medians.performance} (${lighthouseResult.performanceScores.join(', ')}), LCP ${medians.largestContentfulPaintMs} ms, Lighthouse benchmark index ${medians.benchmarkIndex}; goals met: ${JSON.stringify(lighthouseResult.goalsMet)}`);
}

if (wanted('offline')) {
  const offlineDashboard = await measureOfflineDashboard();
  const precache = measurePrecache();
  writeFileSync(path.join(resultsDir, 'offline.json'), `${JSON.stringify({ measuredAt, offlineDashboard, precache }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify({ measuredAt, bench: 'offline', offlineDashboardFcpMedianMs: offlineDashboard.medianFirstContentfulPaintMs, precacheFiles: precache.files, precacheBytes: precache.bytes })}\n`);
  console.log(`Offline reload of /dashboard: first contentful paint median ${offlineDashboard.medianFirstContentfulPaintMs} ms (${offlineDashboard.reloads} reloads); precache ${precache.files} files, ${(precache.bytes / 1024).toFixed(1)} KiB`);
}

if (wanted('registrations')) {
  const registrations = await benchmarkRegistrations();
  writeFileSync(path.join(resultsDir, 'registrations.json'), `${JSON.stringify({ measuredAt, ...registrations }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify({ measuredAt, bench: 'registrations', ...summariseRegistrations(registrations) })}\n`);
  console.log(`Registrations: ${JSON.stringify(summariseRegistrations(registrations))}`);
}

if (wanted('ratio')) {
  const ratio = await benchmarkRegistrationRatio();
  writeFileSync(path.join(resultsDir, 'registration-ratio.json'), `${JSON.stringify({ measuredAt, ...ratio }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify({ measuredAt, bench: 'registration-ratio', rawPerSecond: ratio.raw.perSecond, ...Object.fromEntries(Object.entries(ratio.ratioToRaw).map(([mode, value]) => [`${mode}Ratio`, value])), ...Object.fromEntries(['raw', 'waitlist', 'promo', 'paid', 'rows'].map((kind) => [`${kind}ServerCpuMs`, ratio[kind].serverCpuMsPerRequest])), loadAverageAtStart: ratio.loadAverageAtStart })}\n`);
  console.log(`Registration route vs raw record creation (same run, 50 clients): raw ${ratio.raw.perSecond}/s; ${['waitlist', 'promo', 'paid'].map((mode) => `${mode} ${ratio[mode].perSecond}/s = ${ratio.ratioToRaw[mode]}×`).join(', ')}; a waitlist registration's four rows alone (batch API) ${ratio.rows.perSecond}/s = ${ratio.ratioToRaw.rows}×; server CPU per request: ${['raw', 'waitlist', 'promo', 'paid', 'rows'].map((kind) => `${kind} ${ratio[kind].serverCpuMsPerRequest} ms`).join(', ')}`);
}

if (wanted('rush')) {
  const rush = await benchmarkRush();
  writeFileSync(path.join(resultsDir, 'rush.json'), `${JSON.stringify({ measuredAt, ...rush }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify(rushHistory({ measuredAt, ...rush }))}\n`);
  console.log(`Sales-opening rush, ${rush.setup.visitors} visitors for ${rush.setup.seats} seats in ${rush.setup.windowSeconds} s: ${['paid', 'promo', 'waitlist'].map((mode) => `${mode} ${rush[mode].database.seatsTaken} seats taken, ${rush[mode].serverErrors} 5xx, p95 ${rush[mode].latency.all.p95Ms} ms`).join('; ')}; goals met: ${JSON.stringify(rush.goalsMet)}`);
}

if (wanted('use-case-search')) {
  const useCaseSearch = await benchmarkUseCaseSearch();
  writeFileSync(path.join(resultsDir, 'use-case-search.json'), `${JSON.stringify({ measuredAt, ...useCaseSearch }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify({ measuredAt, bench: 'use-case-search', useCases: useCaseSearch.useCases, pullMs: useCaseSearch.pullMs, indexBuildMs: useCaseSearch.indexBuildMs, keystrokeP50Ms: useCaseSearch.keystroke.p50Ms, keystrokeP95Ms: useCaseSearch.keystroke.p95Ms })}\n`);
  console.log(`Use case library, ${useCaseSearch.useCases} use cases: pull ${useCaseSearch.pullMs} ms, index ${useCaseSearch.indexBuildMs} ms, searchable ${useCaseSearch.searchableAfterOpeningMs} ms after opening; keystroke p50 ${useCaseSearch.keystroke.p50Ms} ms, p95 ${useCaseSearch.keystroke.p95Ms} ms`);
}

if (wanted('sync-pull')) {
  const syncPull = await benchmarkSyncPull();
  writeFileSync(path.join(resultsDir, 'sync-pull.json'), `${JSON.stringify({ measuredAt, ...syncPull }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify(syncPullHistory({ measuredAt, ...syncPull }))}\n`);
  console.log(`A device's pull of ${syncPull.useCases} use cases through the change sequence: ${syncPull.pullMs} ms median of ${syncPull.runs.length} fresh devices (${syncPull.runs.map((run) => run.pullMs).join(', ')} ms; goal ${syncPull.goals.pullMs} ms), the server's share ${syncPull.serverMs} ms, read again by the next pass: ${syncPull.runs.map((run) => run.laterPass.records).join(', ')} records`);
}

if (wanted('sync-tabs')) {
  const syncTabs = await benchmarkSyncTabs();
  writeFileSync(path.join(resultsDir, 'sync-tabs.json'), `${JSON.stringify({ measuredAt, ...syncTabs }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify(syncTabsHistory({ measuredAt, ...syncTabs }))}\n`);
  const shown = (figures) => `p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms${figures.missed ? `, ${figures.missed} never shown` : ''}`;
  const { leaderToFollower, followerToLeader, serverToLeader, serverToFollower } = syncTabs.toOtherTab;
  console.log(`Two tabs, one leader, ${syncTabs.changes} changes each way: saved in the leader → shown in the follower ${shown(leaderToFollower)}; follower → leader ${shown(followerToLeader)}; an API change → leader ${shown(serverToLeader)}, → follower ${shown(serverToFollower)}; at the end all in step: ${syncTabs.end.consistent}`);
}

if (wanted('admin-attendees')) {
  const adminAttendees = await benchmarkAdminAttendees();
  writeFileSync(path.join(resultsDir, 'admin-attendees.json'), `${JSON.stringify({ measuredAt, ...adminAttendees }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify({ measuredAt, bench: 'admin-attendees', attendees: adminAttendees.attendees, listP50Ms: adminAttendees.list.p50Ms, listP95Ms: adminAttendees.list.p95Ms, csvExportMs: adminAttendees.csvExport.ms })}\n`);
  console.log(`Manage Attendees, ${adminAttendees.attendees} attendees: list filtered and sorted p50 ${adminAttendees.list.p50Ms} ms, p95 ${adminAttendees.list.p95Ms} ms; full CSV export ${adminAttendees.csvExport.ms} ms`);
}

if (wanted('admin-routes')) {
  const adminRoutes = { measuredAt, ...await benchmarkAdminRoutes() };
  writeFileSync(path.join(resultsDir, 'admin-routes.json'), `${JSON.stringify(adminRoutes, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify(adminRoutesHistory(adminRoutes))}\n`);
  console.log(describeAdminRoutes(adminRoutes));
}

if (wanted('sync-changes')) {
  const syncChanges = await benchmarkSyncChanges();
  writeFileSync(path.join(resultsDir, 'sync-changes.json'), `${JSON.stringify({ measuredAt, ...syncChanges }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify({ measuredAt, bench: 'sync-changes', useCases: syncChanges.useCases, fullPullMs: syncChanges.fullPullMs, pageP95Ms: Math.max(...syncChanges.pulls.map((pull) => pull.pageP95Ms)) })}\n`);
  console.log(`Sync pull of ${syncChanges.useCases} use cases in pages of ${syncChanges.pageSize}: ${syncChanges.fullPullMs} ms (median of ${syncChanges.pulls.length}: ${syncChanges.pulls.map((pull) => pull.ms).join(', ')} ms); goals met: ${JSON.stringify(syncChanges.goalsMet)}`);
}

if (wanted('check-in')) {
  const checkIn = await benchmarkCheckIn();
  writeFileSync(path.join(resultsDir, 'check-in.json'), `${JSON.stringify({ measuredAt, ...checkIn }, null, 2)}\n`);
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify(checkInHistory({ measuredAt, ...checkIn }))}\n`);
  console.log(`Door check-in, ${checkIn.attendees} attendees on the device, offline: scan decoded → result shown p50 ${checkIn.scan.p50Ms} ms, p95 ${checkIn.scan.p95Ms} ms (goal 100 ms); list onto the device ${checkIn.listOnDeviceMs} ms; a fresh door device's pull of ${checkIn.attendees} attendees and ${checkIn.checkInsSeeded} check-ins ${checkIn.doorPull.pullMs} ms median of ${checkIn.doorPull.runs.length} (${checkIn.doorPull.runs.map((run) => run.pullMs).join(', ')} ms; goal ${checkIn.goals.doorPullMs} ms), storing ${checkIn.doorPull.storeMs} ms, the server's share ${checkIn.doorPull.serverMs} ms`);
}

if (wanted('restore')) {
  // the restore drill (tests/server/backup-restore.test.ts, docs/backups.md): back up to S3, wipe, restore, start
  const resultFile = path.join(resultsDir, 'restore.json');
  const drill = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'tests/server/backup-restore.test.ts'], {
    // with 200 MB of uploaded files beside the drill's data, unless RESTORE_DRILL_EXTRA_MB says otherwise
    cwd: root, stdio: 'inherit', env: { RESTORE_DRILL_EXTRA_MB: '200', ...process.env, RESTORE_RESULT_FILE: resultFile },
  });
  if (drill.status !== 0) throw new Error('The restore drill failed');
  const restore = JSON.parse(readFileSync(resultFile, 'utf8'));
  appendFileSync(path.join(resultsDir, 'history.jsonl'), `${JSON.stringify({ measuredAt: restore.measuredAt, bench: 'restore', backupBytes: restore.backupBytes, restoreMs: restore.restoreMs, startMs: restore.startMs, recoveryTimeMs: restore.recoveryTimeMs })}\n`);
  console.log(`Restore drill: a ${kb(restore.backupBytes)} backup restored from S3 in ${restore.restoreMs} ms, the server started on it in ${restore.startMs} ms: recovery time ${restore.recoveryTimeMs} ms`);
}

function summariseRegistrations({ paid, capacityRace }) {
  return {
    registrationsPerSecond: paid.registrationsPerSecond,
    registerP50Ms: paid.register?.p50Ms,
    registerP99Ms: paid.register?.p99Ms,
    raceSeatsTaken: capacityRace.seatsTaken,
    raceRefusedSoldOut: capacityRace.refusedSoldOut,
    oversold: capacityRace.oversold,
  };
}

