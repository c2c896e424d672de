// The peptide list's delete confirmation. Loaded only for members who may delete (PeptidesPage):
// a visitor's page never fetches or runs the dialog library.
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

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
            Are you sure you want to delete "{name}"? This action cannot be undone and will remove all associated data.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={deleting}>{deleting ? 'Deleting...' : 'Delete'}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
