export interface LoginValues {
  username: string;
  password: string;
}
