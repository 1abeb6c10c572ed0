import { useId, type FormEvent } from 'react'
import type { ConsigneeFormActor } from '../../machines/consignee-form.machine'
import { Button } from '../ui/button'
import dialogStyles from '../ui/confirm-dialog.module.css'
import { ModalFrame } from '../ui/modal-frame'
import { SuggestField } from '../ui/suggest-field'
import { useConsigneeFormApi, type ConsigneeFormApi } from './consignee-form-connect'
import styles from './consignees.module.css'

/** The spec's /tpl/consignee_form.html: surname and name (each with suggestions), an image, with the upload's progress. */
export function ConsigneeFormDialog({ form }: { form: ConsigneeFormActor }) {
  const api = useConsigneeFormApi(form)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    api.submit()
  }
  return (
    <ModalFrame
      title={api.title}
      classes={{ ...dialogStyles, modal: `${dialogStyles.modal} ${styles.formModal}` }}
      onDismiss={api.isDismissable ? api.cancel : undefined}
    >
      {api.step === 'saved' ? (
        <p className={styles.saved} role="status">
          {api.savedText}
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <SuggestField {...api.getSurnameProps()} autoFocus />
          <SuggestField {...api.getNameProps()} />
          <FileField api={api} />
          {api.percent !== null ? <UploadProgress percent={api.percent} /> : null}
          {api.saveError ? (
            <p className={styles.error} role="alert">
              {api.saveError}
            </p>
          ) : null}
          <div className={dialogStyles.actions}>
            <Button type="submit" variant="primary" isDisabled={api.isWorking}>
              {api.step === 'editing' ? 'Сохранить' : 'Сохранение…'}
            </Button>
            <Button onPress={api.cancel}>Отмена</Button>
          </div>
        </form>
      )}
    </ModalFrame>
  )
}

function FileField({ api }: { api: ConsigneeFormApi }) {
  const id = useId()
  const { onChange, ...props } = api.getFileProps()
  return (
    <div className={styles.fileField}>
      <label htmlFor={id} className={styles.fileLabel}>
        Файл (изображение)
      </label>
      <input
        {...props}
        id={id}
        type="file"
        aria-invalid={api.fileError ? true : undefined}
        aria-describedby={api.fileError ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      {api.attachedName ? <span className={styles.attached}>Приложен: {api.attachedName}</span> : null}
      {api.fileError ? (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {api.fileError}
        </span>
      ) : null}
    </div>
  )
}

/** The bytes sent so far, in percent. */
function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className={styles.progress} role="progressbar" aria-label="Загрузка файла" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className={styles.progressBar} style={{ width: `${percent}%` }} />
      <span className={styles.progressText}>{percent}%</span>
    </div>
  )
}
