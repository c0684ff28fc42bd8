export { WaitingFarmsNotice, type WaitingFarmsNoticeProps } from './WaitingFarmsNotice';
