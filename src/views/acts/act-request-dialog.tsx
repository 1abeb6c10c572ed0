import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import type { ActRequestActor } from '../../machines/act-request.machine'
import { ACTS_MESSAGES_UI, type ActsActor } from '../../machines/acts.machine'
import { requestedActOf } from '../../machines/acts.selectors'
import type { ActField } from '../../machines/act-rules'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { DateField } from '../ui/date-field'
import { ChoiceField } from './choice-field'
import styles from './acts.module.css'

const REQUEST_TITLE = 'Запрос акта сверки'

/** The spec's /tpl/act_form.html: contract, contragent and the period; «Запросить» checks it, then sends. */
export function ActRequestDialog({ request, onClose }: { request: ActRequestActor; onClose: () => void }) {
  const fields = useSelector(request, (snapshot) => snapshot.context.fields)
  const contracts = useSelector(request, (snapshot) => snapshot.context.contracts)
  const errorMessage = useSelector(request, (snapshot) => snapshot.context.errorMessage)
  const isSending = useSelector(request, (snapshot) => snapshot.matches('submitting'))
  const isInvalid = useSelector(request, (snapshot) => snapshot.matches('invalid'))
  const contragents = [...new Map(contracts.map((c) => [c.contragent_id, c.contragent])).entries()]
  const change = (field: ActField) => (value: string) => request.send({ type: 'field.change', field, value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    request.send({ type: 'form.submit' })
  }
  return (
    <ModalOverlay
      className={dialogStyles.overlay}
      isOpen
      isDismissable={!isSending}
      isKeyboardDismissDisabled={isSending}
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Modal className={`${dialogStyles.modal} ${styles.requestModal}`}>
        <Dialog className={dialogStyles.dialog}>
          <Heading slot="title" className={dialogStyles.title}>
            {REQUEST_TITLE}
          </Heading>
          <form className={styles.requestForm} onSubmit={submit} noValidate>
            <ChoiceField
              label="Контрагент"
              value={fields.contragent_id}
              options={contragents.map(([id, company]) => ({ value: id, label: company }))}
              onChange={change('contragent_id')}
              disabled={isSending}
            />
            <ChoiceField
              label="Договор"
              value={fields.contract_id}
              options={contracts.map((c) => ({ value: c.id, label: c.header }))}
              onChange={change('contract_id')}
              disabled={isSending}
            />
            <div className={styles.period}>
              <DateField label="Начало периода" value={fields.startdate} onChange={change('startdate')} disabled={isSending} />
              <DateField label="Конец периода" value={fields.enddate} onChange={change('enddate')} disabled={isSending} />
            </div>
            {errorMessage ? (
              <p className={isInvalid ? styles.formError : styles.serverError} role="alert">
                {errorMessage}
              </p>
            ) : null}
            <div className={dialogStyles.actions}>
              <Button type="submit" variant="primary" isDisabled={isSending}>
                {isSending ? 'Отправка…' : 'Запросить'}
              </Button>
              <Button isDisabled={isSending} onPress={onClose}>
                Отмена
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

/** After a request: which act was requested and that its state will change by itself. */
export function RequestedNotice({ acts }: { acts: ActsActor }) {
  const requested = useSelector(acts, requestedActOf)
  if (!requested) return null
  return (
    <div className={styles.notice} role="status">
      <p>{ACTS_MESSAGES_UI.requested(requested)}</p>
      <Button variant="ghost" onPress={() => acts.send({ type: 'notice.close' })}>
        Закрыть
      </Button>
    </div>
  )
}
