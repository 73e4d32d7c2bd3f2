print("pocket")
