// The peptide list's delete confirmation. Loaded only for members who may delete (PeptidesPage):
// a visitor's page never fetches or runs the dialog library. The text says what the server does
// (server/services/peptides.ts deletePeptide: a soft delete; the reports keep their peptide).
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export function DeletePeptideDialog({
  name,
  open,
  deleting,
  onCancel,
  onConfirm,
  onCloseAutoFocus,
}: {
  /** The peptide asked about; kept while the dialog closes, so its text does not change. */
  name: string | undefined;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !deleting && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Delete Peptide</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete "{name}"? It leaves the peptide list, its page goes away and no new reports
            can be shared for it. The experiences already reported for it stay: they remain in the community feed and
            the statistics. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
