import App

await Pocket.main()
