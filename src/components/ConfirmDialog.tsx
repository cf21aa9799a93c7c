import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/** A question asked before something that cannot be undone: closing it (Escape, the cross, the overlay) is `onClose`. */
export function ConfirmDialog({ opened, title, onClose, children }: { opened: boolean; title: string; onClose(): void; children: ReactNode }) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A div, not Mantine's <header>: beside the page's own header it would be a second banner landmark. */}
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
