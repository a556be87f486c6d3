// Profile Settings' "Your data" (Australian Privacy Principles 12 and 13):
// download everything held about you as one JSON file, or delete your
// account, with what is removed and what is kept said before anything happens.
import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { notify } from '@/components/notify';
import { downloadFile } from '@/lib/downloadFile';
import { currentUser } from '@/lib/session';
import { AccountDataFailure, fetchMyData } from './accountDataApi';
import { DeleteAccountDialog } from './DeleteAccountDialog';

/** A plain bulleted list with hanging indents (Mantine's List lets a long item run past a narrow column). */
function Bullets({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" m={0} pl="lg" fz="sm" style={{ display: 'grid', gap: 4 }}>
      {children}
    </Box>
  );
}

export function YourDataSection() {
  const user = currentUser();
  const [downloading, setDownloading] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  if (!user) return null;

  const download = async () => {
    setDownloading(true);
    try {
      const { blob, fileName } = await fetchMyData();
      downloadFile(blob, fileName);
      notify({ topic: 'your-data', kind: 'success', message: `Your data was downloaded as ${fileName}` });
    } catch (error) {
      const message = error instanceof AccountDataFailure ? error.message : 'Something went wrong. Please try again.';
      notify({ topic: 'your-data', kind: 'error', title: 'Your data could not be downloaded', message });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%" mt="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="your-data">
        <Title order={2} size="h4" id="your-data" mb="xs">
          Download my data
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          One JSON file with everything we hold about you: your profile, your attendee details and registrations, your
          readiness assessments, business cases and saved use cases, the emails we sent you and any messages you sent us.
          Other people on a registration you share appear only as a count.
        </Text>
        <Group>
          <Button variant="light" leftSection={<IconDownload size={18} />} loading={downloading} onClick={() => void download()}>
            Download my data
          </Button>
        </Group>
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="delete-account" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
        <Title order={2} size="h4" id="delete-account" mb="xs" c="red.8">
          Delete my account
        </Title>
        <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="lg" mb="md">
          <div>
            <Text fw={600} size="sm" mb={4}>
              What is removed
            </Text>
            <Bullets>
              <li>your account, sign-in and profile</li>
              <li>your readiness assessments, business cases and saved use cases</li>
              <li>
                your name, email, company, job title, phone, dietary requirements and campaign details on every registration
                (you appear as &ldquo;Deleted attendee&rdquo;)
              </li>
              <li>your contact messages, and emails to you not sent yet</li>
              <li>your data on this device and, at their next sync, on your other devices</li>
            </Bullets>
          </div>
          <div>
            <Text fw={600} size="sm" mb={4}>
              What is kept
            </Text>
            <Bullets>
              <li>
                payment records (amount, currency, date, payment and refund references) for five years, as Australian tax
                law requires, without your name or contact details
              </li>
              <li>your place in attendee numbers, with no details</li>
              <li>if you unsubscribed, your address on our do-not-email list</li>
              <li>colleagues on a registration you made keep their places and details</li>
            </Bullets>
          </div>
        </ResponsiveGrid>
        {user.role === 'administrator' && (
          <Text size="sm" mb="md">
            You are an administrator: you can delete your account only while another administrator remains.
          </Text>
        )}
        <Group justify="space-between" align="center" gap="sm">
          <Text size="sm" c="dimmed">
            See the <Link to="/privacy-policy">privacy policy</Link> for how long we keep everything.
          </Text>
          <Button color="red.8" variant="outline" leftSection={<IconTrash size={18} />} onClick={() => setDeleteOpen(true)}>
            Delete my account…
          </Button>
        </Group>
      </Card>
      <DeleteAccountDialog opened={deleteOpen} email={user.email} onClose={() => setDeleteOpen(false)} />
    </Stack>
  );
}
