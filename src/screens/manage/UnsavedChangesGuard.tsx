import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

/**
 * Asks before the owner leaves a screen whose changes are not saved, for another section, a link or the browser's Back,
 * and has the browser ask on a reload or a closed tab: a stray click in the back office loses no typing
 * (docs/back-office.md, "Changes not saved").
 */
export function UnsavedChangesGuard({ unsaved }: { unsaved: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => unsaved && current.pathname !== next.pathname,
    enableBeforeUnload: unsaved,
    withResolver: true,
  });
  return <LeaveWithoutSavingDialog opened={blocker.status === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

/** The question itself, also asked by a screen that swaps what it edits in place (the pages editor's choice of page). */
export function LeaveWithoutSavingDialog({ opened, onStay, onLeave }: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <Modal opened={opened} onClose={onStay} title="Leave without saving?" centered>
      <Text>Your changes here are not saved yet. If you leave now, they are lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onStay} data-autofocus>
          Keep editing
        </Button>
        <Button color="lacquerRed" onClick={onLeave}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
}
