import type { FormEvent } from 'react'
import type { ManagerEditingActor } from '../../machines/manager-editing.machine'
import type { MenuCheckbox } from '../../machines/manager-editing.selectors'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { ModalFrame } from '../ui/modal-frame'
import { ErrorBlock } from '../ui/error-block'
import { FormField } from '../ui/form-field'
import { Loading } from '../ui/loading'
import { SaveFooter } from './save-footer'
import { useManagerFormApi, type ManagerFormApi } from './managers-connect'
import styles from './managers.module.css'

/** The spec's /tpl/manager_form.html: e-mail, name, the contracts by contragent and the menu tree; type_id '2' is sent hidden. */
export function ManagerFormDialog({ form }: { form: ManagerEditingActor }) {
  const api = useManagerFormApi(form)
  return (
    <ModalFrame
      title={api.title}
      classes={{ ...dialogStyles, modal: `${dialogStyles.modal} ${styles.formModal}` }}
      onDismiss={!api.isBusy ? api.cancel : undefined}
    >
      <FormBody api={api} />
    </ModalFrame>
  )
}

function FormBody({ api }: { api: ManagerFormApi }) {
  if (api.step === 'loading') return <Loading label="Загрузка договоров…" />
  if (api.step === 'loadFailed') return <ErrorBlock {...api.loadFailed} />
  const submit = (event: FormEvent) => {
    event.preventDefault()
    api.submit()
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <input type="hidden" name="type_id" value="2" />
      <FormField {...api.getEmailProps()} />
      <FormField {...api.getNameProps()} />
      <fieldset className={styles.group} aria-describedby={api.contractsMessage ? 'manager-contracts-error' : undefined}>
        <legend>Договоры</legend>
        {api.groups.map((group) => (
          <div key={group.id} className={styles.contragent} role="group" aria-label={group.company}>
            <p className={styles.contragentName}>{group.company}</p>
            {group.contracts.map((contract) => (
              <label key={contract.id} className={styles.check}>
                <input type="checkbox" checked={contract.isChosen} disabled={api.isBusy} onChange={() => api.toggleContract(contract.id)} />
                {contract.header}
              </label>
            ))}
          </div>
        ))}
        {api.contractsMessage ? (
          <p id="manager-contracts-error" className={styles.error} role="alert">
            {api.contractsMessage}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Доступ к разделам</legend>
        <ul className={styles.tree}>
          {api.menu.map((node) => (
            <MenuNode key={node.key} node={node} api={api} />
          ))}
        </ul>
      </fieldset>
      {api.formMessage ? (
        <p className={styles.error} role="alert">
          {api.formMessage}
        </p>
      ) : null}
      <SaveFooter savedNotice={api.savedNotice} canRetry={api.canRetry} isBusy={api.isBusy} retry={api.retry} cancel={api.cancel} />
    </form>
  )
}

function MenuNode({ node, api }: { node: MenuCheckbox; api: ManagerFormApi }) {
  return (
    <li>
      <label className={styles.check}>
        <input type="checkbox" checked={node.isOpen} disabled={node.isDisabled || api.isBusy} onChange={() => api.toggleMenu(node.key)} />
        {node.title}
      </label>
      {node.children.length > 0 ? (
        <ul className={styles.tree}>
          {node.children.map((child) => (
            <MenuNode key={child.key} node={child} api={api} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}
