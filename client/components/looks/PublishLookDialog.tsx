import { useId, useState, type FormEvent } from 'react';
import { LOOK_ITEMS_MIN, lookItemsProblem, lookTitleProblem, lookbookNameProblem, type LookPlacement } from '../../../shared/validation/look-rules';
import { say, type Message } from '../../../shared/validation/message';
import { useT } from '../../app/i18n';
import { publishLook, renameLook } from '../../data/looks/look-calls';
import { FormField } from '../ui/FormField';
import { useTypedField } from '../ui/use-typed-field';
import { DialogActions, ModalDialog } from '../ui/ModalDialog';

// The Publish Look dialog (spec section 2 "Other dialogs", 4 "Saving a look", 5 "Look title",
// 8): a title, public or private, Submit. Submit stays disabled while the title breaks a rule
// of section 5 or the board cannot be a look yet; the rule's words show under the field once
// it has been typed in. Success hands the saved look's slug and id on (the page goes to it);
// a failure closes the dialog with no message (section 8). The same dialog renames a saved
// look (no pieces sent): the lookbook name rule applies then, 'Invalid lookbook name!' when
// nothing is left of the name. The frame is the Wishlist and Alert dialogs' (ModalDialog):
// Escape and the backdrop leave it open, Tab goes round its own controls.

export type PublishRequest =
  | { mode: 'publish'; setId: number; title: string; isPublic: boolean; placements: LookPlacement[] }
  | { mode: 'rename'; setId: number; title: string; isPublic: boolean };

type Props = {
  request: PublishRequest;
  onClose(): void;
  onSaved(saved: { slug: string; listId: number }): void;
};

/** Spec section 5 on the title; a publish also needs a board that can be a look. */
export function publishState(request: PublishRequest, title: string): { canSubmit: boolean; titleProblem: Message | undefined } {
  const titleProblem = request.mode === 'rename' ? lookbookNameProblem(title) : lookTitleProblem(title);
  const boardProblem = request.mode === 'publish' ? lookItemsProblem(request.placements) : undefined;
  return { canSubmit: titleProblem === undefined && boardProblem === undefined, titleProblem };
}

export function PublishLookDialog({ request, onClose, onSaved }: Props) {
  const id = useId();
  const t = useT();
  const title = useTypedField(request.title);
  const [isPublic, setIsPublic] = useState(request.isPublic);
  const [sending, setSending] = useState(false);
  const state = publishState(request, title.value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!state.canSubmit || sending) return;
    setSending(true);
    try {
      const saved =
        request.mode === 'publish'
          ? await publishLook({ setName: title.value.trim(), setId: request.setId, setPublic: isPublic ? 1 : 0, items: request.placements })
          : await renameLook({ listId: request.setId, setName: title.value, setPublic: isPublic ? 1 : 0 });
      onSaved(saved);
    } catch {
      // Spec section 8: a failed save closes the dialog, and says nothing.
      onClose();
    }
  };

  const heading = t(request.mode === 'publish' ? 'looks.publish.title' : 'looks.publish.renameTitle');
  const few = request.mode === 'publish' && request.placements.length < LOOK_ITEMS_MIN;
  return (
    <ModalDialog className="look-dialog" labelledBy={`${id}-title`} data={{ 'data-mode': request.mode }}>
      <h2 id={`${id}-title`}>{heading}</h2>
      <form onSubmit={submit} noValidate>
        {few && <p className="form-note">{t('looks.notice.tooFew', { min: LOOK_ITEMS_MIN })}</p>}
        <FormField
          id={`${id}-name`}
          label={t('looks.publish.lookTitle')}
          name="setName"
          autoComplete="off"
          {...title.props(state.titleProblem && say(t, state.titleProblem))}
          onBlur={title.touch}
        />
        <fieldset className="look-visibility">
          <legend>{t('looks.publish.visibility')}</legend>
          <label>
            <input type="radio" name="setPublic" value="1" checked={isPublic} onChange={() => setIsPublic(true)} /> {t('looks.public')}
          </label>
          <label>
            <input type="radio" name="setPublic" value="0" checked={!isPublic} onChange={() => setIsPublic(false)} /> {t('looks.private')}
          </label>
        </fieldset>
        <DialogActions onClose={onClose} submit={t('looks.publish.submit')} disabled={!state.canSubmit || sending} />
      </form>
    </ModalDialog>
  );
}
