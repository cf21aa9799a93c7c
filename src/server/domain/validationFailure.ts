/** A failure named as a form names its field (`orderItems[2].configId`), as the API reports it. */
export interface ValidationFailure {
  field: string;
  message: string;
}
