// Asks for this device's name once (and lets it be changed): every check-in
// made here carries it, and the other door devices show it.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DEVICE_NAME_MAX, writeDeviceName } from './deviceName';

export function DeviceNameDialog({ opened, current, onClose }: { opened: boolean; current: string; onClose: (() => void) | null }) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const value = name.trim();
    if (value.length < 1) return setError('Give this device a name, such as North door.');
    if (value.length > DEVICE_NAME_MAX) return setError(`At most ${DEVICE_NAME_MAX} characters.`);
    writeDeviceName(value);
    setError(null);
    onClose?.();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => onClose?.()}
      withCloseButton={onClose !== null}
      closeOnClickOutside={onClose !== null}
      closeOnEscape={onClose !== null}
      title="Name this device"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack>
          <Text size="sm">Every check-in made here carries this name, so the other door devices can tell where someone was checked in. It is kept on this device.</Text>
          <TextInput label="Device name" placeholder="North door" value={name} onChange={(event) => setName(event.currentTarget.value)} error={error} data-autofocus maxLength={DEVICE_NAME_MAX} />
          <Group justify="flex-end">
            {onClose && <Button variant="default" onClick={onClose}>Cancel</Button>}
            <Button type="submit">Save name</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
