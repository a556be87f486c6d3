// "Seller details for tax invoices": the legal name, ABN, address and email
// printed on every tax invoice and adjustment note (pb_hooks/lib/invoices/).
// A field left empty falls back to the server's SELLER_* setting; with
// neither, invoices say it is not set. The ABN is checked by the server (11
// digits and the ABN checksum). Documents already issued keep the details
// they were issued with.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { pb } from '@/lib/pocketbase';
import { saveFailure } from './eventAdminApi';

interface SellerFields {
  legalName: string;
  abn: string;
  address: string;
  email: string;
}

interface SellerAnswer {
  inForce: SellerFields;
  saved: SellerFields;
  environment: SellerFields;
}

const EMPTY: SellerFields = { legalName: '', abn: '', address: '', email: '' };
const PATH = '/api/masterclass/admin/seller';

export function SellerDetailsCard() {
  const [answer, setAnswer] = useState<SellerAnswer | null>(null);
  const [values, setValues] = useState<SellerFields>(EMPTY);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<SellerFields>>({});
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ kind: 'saved' | 'failed'; message: string } | null>(null);

  useEffect(() => {
    let current = true;
    pb.send<SellerAnswer>(PATH, { method: 'GET', requestKey: null }).then(
      (loaded) => {
        if (!current) return;
        setAnswer(loaded);
        setValues(loaded.saved);
        setLoadError(null);
      },
      (error: unknown) => current && setLoadError(saveFailure(error).message),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setOutcome(null);
    try {
      const saved = await pb.send<SellerAnswer>(PATH, { method: 'PUT', body: values, requestKey: null });
      setAnswer(saved);
      setValues(saved.saved);
      setErrors({});
      setOutcome({ kind: 'saved', message: 'Seller details saved. Tax invoices and adjustment notes issued from now on show them.' });
    } catch (error) {
      const { message, fields } = saveFailure(error);
      setErrors(fields as Partial<SellerFields>);
      const marked = Object.keys(fields).length > 0;
      setOutcome({ kind: 'failed', message: marked ? 'Seller details not saved: please correct the field marked above.' : `Seller details not saved: ${message}` });
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof SellerFields) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
    description: answer && !answer.saved[key] && answer.environment[key] ? `Empty: the server's setting is used (${answer.environment[key]}).` : undefined,
  });

  const missing = answer ? (['legalName', 'abn', 'address'] as const).filter((key) => !answer.inForce[key]) : [];
  const names = { legalName: 'legal name', abn: 'ABN', address: 'address' };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="seller-details-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" c="navy.9" id="seller-details-title">
              Seller details for tax invoices
            </Title>
            <Text size="sm" c="dimmed">
              Printed on every tax invoice and adjustment note, for every masterclass. Documents already issued keep the details
              they were issued with.
            </Text>
          </div>
          {loadError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Failed to load the seller details">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{loadError}</Text>
                <Button size="xs" variant="light" onClick={() => setAttempt((count) => count + 1)}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {!answer && !loadError ? (
            <Group gap="xs">
              <Loader size="sm" aria-label="Loading the seller details" />
            </Group>
          ) : null}
          {answer ? (
            <>
              {missing.length > 0 ? (
                <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Not a valid tax invoice yet">
                  <Text size="sm">
                    Set the seller&apos;s {missing.map((key) => names[key]).join(', ')}: until then, invoices say it is not set.
                  </Text>
                </Alert>
              ) : null}
              <ResponsiveGrid cols={{ base: 1, md: 2 }} spacing="md">
                <TextInput label="Legal name" autoComplete="organization" maxLength={200} {...field('legalName')} />
                <TextInput label="ABN" inputMode="numeric" maxLength={20} {...field('abn')} />
                <Textarea label="Address" autosize minRows={2} maxLength={500} {...field('address')} />
                <TextInput label="Email (optional)" type="email" autoComplete="email" maxLength={254} {...field('email')} />
              </ResponsiveGrid>
              <Group>
                <Button type="submit" loading={saving}>
                  Save seller details
                </Button>
                <Text size="sm" role="status" c={outcome?.kind === 'failed' ? 'red.8' : 'teal.9'}>
                  {outcome?.message ?? ''}
                </Text>
              </Group>
            </>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
