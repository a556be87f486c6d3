import { forwardRef } from 'react';
import { ActionIcon, Anchor, Checkbox, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { RegistrationFormValues } from '../attendeeSchema';
import responsive from '@/components/responsive.module.css';

interface ConsentSectionProps {
  form: UseFormReturnType<RegistrationFormValues>;
  disabled: boolean;
}

/** Privacy policy acceptance (required) and marketing consent (optional). */
export const ConsentSection = forwardRef<HTMLElement, ConsentSectionProps>(function ConsentSection({ form, disabled }, ref) {
  return (
    <Paper ref={ref} component="section" withBorder radius="md" className={responsive.paddingMdLg} aria-labelledby="consent-heading" id="consent">
      <Stack gap="md">
        <Title order={2} size="h4" id="consent-heading" c="navy.9">
          Consent
        </Title>
        <Checkbox
          {...form.getInputProps('privacyConsent', { type: 'checkbox' })}
          disabled={disabled}
          label={
            <>
              I have read and accept the{' '}
              <Anchor component={Link} to="/privacy-policy" target="_blank" rel="noopener">
                Privacy Policy
              </Anchor>{' '}
              <Text span c="red">
                *
              </Text>
            </>
          }
        />
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Checkbox
            {...form.getInputProps('marketingConsent', { type: 'checkbox' })}
            disabled={disabled}
            label="Keep me informed about future AI Champions events and resources (optional)"
          />
          <Tooltip label="You can unsubscribe at any time." withArrow multiline w={220} events={{ hover: true, focus: true, touch: true }}>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="About marketing emails">
              <IconInfoCircle size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Paper>
  );
});
