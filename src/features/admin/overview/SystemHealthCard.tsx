// The overview's System health section: the email outbox, refunds, open seat
// offers, the last backup, the API requests running and waiting, and each background job (GET
// /api/masterclass/admin/health), with what needs attention and what to do
// first, or that everything is working. It needs a connection: offline it
// says so, and figures already shown stay, marked with when they were read.
import { ActionIcon, Alert, Anchor, Badge, Card, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { Link } from '@tanstack/react-router';
import { IconActivityHeartbeat, IconAlertTriangle, IconCircleCheck, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { SYSTEM_HEALTH_ID } from './AttentionBanner';
import { StatTile } from './StatTile';
import { LoadErrorAlert } from './LoadErrorAlert';
import { formatCount } from './format';
import { describeSchedule, healthAttention, when } from './healthAttention';
import { healthTiles } from './healthTiles';
import type { HealthJob, SystemHealth } from './healthApi';
import type { HealthState } from './useHealth';

export function SystemHealthCard({ state, onReload }: { state: HealthState; onReload: () => void }) {
  const data = state.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="system-health-title" id={SYSTEM_HEALTH_ID} tabIndex={-1} style={{ scrollMarginTop: 72 }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="xs">
        <Group gap="sm" wrap="nowrap">
          <IconActivityHeartbeat size={26} color="var(--mantine-color-navy-7)" style={{ flexShrink: 0 }} aria-hidden />
          <div>
            <Title order={2} size="h3" c="navy.9" id="system-health-title">
              System health
            </Title>
            {data && (
              <Text size="sm" c="dimmed" data-testid="health-checked">
                Checked {when(data.generatedAt)}
              </Text>
            )}
          </div>
        </Group>
        {state.status !== 'offline' && (
          <Tooltip label="Check again">
            <ActionIcon variant="subtle" size="lg" onClick={onReload} aria-label="Refresh system health" loading={state.status === 'loading' && data !== null}>
              <IconRefresh size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Email delivery, refunds, seat offers, backups, the requests the server is serving and the background jobs. Administrators are emailed when a refund fails for good, mail keeps
        failing or a backup fails (at most once an hour for each).
      </Text>
      {state.status === 'offline' &&
        (data ? (
          <Text size="sm" mb="md" data-testid="health-offline">
            You are offline: these figures were read {when(data.generatedAt)} and are checked again once you are back online.
          </Text>
        ) : (
          <Alert color="gray" icon={<IconWifiOff size={18} />} title="System health needs a connection" data-testid="health-offline">
            It is checked as soon as this device is back online.
          </Alert>
        ))}
      {state.status === 'error' && <LoadErrorAlert title="Failed to load system health" message={state.message} onRetry={onReload} />}
      {data ? (
        <HealthDetails health={data} />
      ) : state.status === 'loading' ? (
        <Group gap="xs" aria-busy="true" data-testid="health-loading">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Checking the system…
          </Text>
        </Group>
      ) : null}
    </Card>
  );
}

function HealthDetails({ health }: { health: SystemHealth }) {
  const attention = healthAttention(health);
  const { emails, backups } = health;
  const sentAlerts = health.alerts.filter((alert) => alert.lastSentAt);
  return (
    <Stack gap="lg">
      {attention.length === 0 ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} title="Everything is working" data-testid="health-summary">
          {emails.smtp ? 'Emails are going out' : 'No mail server is set, so emails are kept in the outbox (fine while trying the product out)'}, no
          refund or email has failed, every background job&apos;s last run succeeded and the last backup is recent.
        </Alert>
      ) : (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={`Needs your attention (${attention.length})`} data-testid="health-summary">
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="What needs attention">
            {attention.map((item) => (
              <li key={item.id} data-testid="health-attention">
                <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                </Text>
                <Text size="sm">
                  {item.todo}{' '}
                  {item.link && (
                    <Anchor renderRoot={(props) => <Link {...props} to={item.link!.to} />} size="sm" fw={600}>
                      {item.link.label}
                    </Anchor>
                  )}
                </Text>
              </li>
            ))}
          </Stack>
        </Alert>
      )}

      <ResponsiveGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {healthTiles(health, attention).map((tile) => (
          <StatTile key={tile.id} id={tile.id} label={tile.label} value={tile.value} hint={tile.hint} tone={tile.tone} />
        ))}
      </ResponsiveGrid>

      {sentAlerts.length > 0 && (
        <Text size="sm" data-testid="health-alerts">
          Last alert emails:{' '}
          {sentAlerts.map((alert) => `${ALERT_NAMES[alert.kind]} ${when(alert.lastSentAt)}`).join('; ')}.
        </Text>
      )}

      <div>
        <Title order={3} size="h5" c="navy.9" mb="xs" id="health-jobs-title">
          Background jobs
        </Title>
        <ResponsiveGrid component="ul" cols={{ base: 1, md: 2 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="health-jobs-title">
          {health.jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ResponsiveGrid>
      </div>
      {backups.inProgress && (
        <Text size="sm" data-testid="health-backup-running">
          A backup is being made now.
        </Text>
      )}
    </Stack>
  );
}

const ALERT_NAMES: Record<SystemHealth['alerts'][number]['kind'], string> = {
  refund_failed: 'refund failed',
  mail_failing: 'mail failing',
  backup_failed: 'backup failed',
  replication_failed: 'replication failing',
};

function JobRow({ job }: { job: HealthJob }) {
  const badge = job.failing
    ? { color: 'red', label: 'Last run failed' }
    : job.runs === 0
      ? { color: 'gray', label: 'Not run yet' }
      : { color: 'green', label: 'Working' };
  return (
    <li data-testid="health-job" data-job={job.id}>
      <Paper withBorder radius="sm" p="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {job.label}
          </Text>
          <Badge color={badge.color} variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }} data-testid="health-job-status">
            {badge.label}
          </Badge>
        </Group>
        <Text size="sm" mt={4}>
          {job.schedule ? `Runs ${describeSchedule(job.schedule)}` : 'Not on a schedule'}
          {job.runs > 0 ? ` · last run ${when(job.lastFinishedAt || job.lastStartedAt)}` : ''}
        </Text>
        {job.lastFailedAt && (
          <Text size="sm" c={job.failing ? 'red.8' : undefined} style={{ overflowWrap: 'anywhere' }} data-testid="health-job-failure">
            Last failure {when(job.lastFailedAt)}
            {job.lastError ? `: ${job.lastError}` : ''}
            {` (${formatCount(job.failures)} of ${formatCount(job.runs)} runs failed)`}
          </Text>
        )}
      </Paper>
    </li>
  );
}
