import type { ComponentType } from 'react'
import { profileMachine } from '../../machines/profile.machine'
import { createProfileActors } from '../../services/account'
import { ProfilePage } from '../../views/profile/profile-page'
import type { AppWiring } from '../wiring/app-wiring'
import { wiredRoute } from './wired-route'

const wireProfile = ({ http }: AppWiring) => ({ profile: profileMachine.provide({ actors: createProfileActors({ http }) }) })

/** /cabinet/profile/ */
export const ProfileRoute: ComponentType = wiredRoute(wireProfile, ProfilePage)
