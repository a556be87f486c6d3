import { useState } from 'react';
import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { ClientResponseError } from 'pocketbase';
import { notify } from '@/components/notify';
import { checkPromoCode, type CodeAnswer } from '../discountOffer';
import { FieldMessages, Toasts } from '../registrationMessages';

const MAX_CODE_LENGTH = 64;

/** Checks a promo code with the server; codes never reach the browser (DESIGN decision 5). */
export function PromoCodeBox({ onApplied, disabled, eventId }: { onApplied: (code: string, answer: CodeAnswer) => void; disabled: boolean; eventId?: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply() {
    const trimmed = code.trim();
    if (!trimmed) {
      setError(FieldMessages.promoCodeRequired);
      return;
    }
    setError(null);
    setChecking(true);
    try {
      onApplied(trimmed, await checkPromoCode(trimmed, eventId));
    } catch (failure) {
      const status = failure instanceof ClientResponseError ? failure.status : 0;
      if (status === 429) {
        // Too many checks from this connection: the server says when to try again.
        notify({ topic: 'promo', kind: 'error', ...Toasts.tooManyPromoChecks((failure as ClientResponseError).response?.message ?? '') });
      } else {
        // A usable code the server cannot apply at today's price (409) says why in its own words.
        const refusal = status === 409 ? ((failure as ClientResponseError).response?.message ?? '') : '';
        notify({ topic: 'promo', kind: 'error', ...refusal ? Toasts.promoNotApplied(refusal) : status === 400 || status === 404 ? Toasts.invalidPromo : Toasts.promoCheckFailed });
      }
    } finally {
      setChecking(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="promo-heading">
      <Text id="promo-heading" fw={700} c="navy.9" mb="xs">
        Have a promo code?
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          aria-label="Promo code"
          placeholder="Enter code"
          leftSection={<IconTicket size={18} />}
          value={code}
          maxLength={MAX_CODE_LENGTH}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            // Enter applies the code instead of submitting the registration form around it.
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
          error={error}
          disabled={disabled || checking}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={() => void apply()} loading={checking} disabled={disabled}>
          Apply
        </Button>
      </Group>
    </Paper>
  );
}
